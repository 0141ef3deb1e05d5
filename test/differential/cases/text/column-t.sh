set -euo pipefail
list_users | jq -r '.[] | "\(.id) \(.team) \(.role)"' | column -t
