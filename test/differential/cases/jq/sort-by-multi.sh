set -euo pipefail
list_users | jq -r 'sort_by(.team, -.score) | .[] | "\(.team) \(.score) \(.name)"'
