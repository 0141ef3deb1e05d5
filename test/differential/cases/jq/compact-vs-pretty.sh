set -euo pipefail
get_weather --city Paris | jq .
get_weather --city Paris | jq -c .
get_weather --city Paris | jq --tab '{city}'
