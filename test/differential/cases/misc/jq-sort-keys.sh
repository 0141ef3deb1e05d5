set -euo pipefail
get_weather --city Tokyo | jq -S -c .
get_weather --city Tokyo | jq --indent 1 '{city, temp_c}'
