set -euo pipefail
list_users | jq -r '.[] | "\(.name) \(.role)"' | grep -e admin -e manager
