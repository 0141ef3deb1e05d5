set -euo pipefail
list_users | jq -r 'sort_by(-.score) | .[] | "\(.score)\t\(.name)"'
