set -euo pipefail
list_users | jq -r '.[] | "\(.name) \(.role)"' | grep -E 'admin|manager'
