set -euo pipefail
get_order --id 105 | jq -r '"Order #\(.id) (\(.status)): \(.items | length) lines, $\(.total)"'
