set -euo pipefail
list_users | jq -r 'max_by(.score) | "\(.name) has the top score \(.score)"'
