set -euo pipefail
get_user --id 1 | jq -r '.nickname // "none"'
get_user --id 1 | jq -c '{name, nickname: (.nickname // null)}'
get_user --id 1 | jq -r 'if .active then "active" else "inactive" end'
