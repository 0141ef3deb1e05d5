set -euo pipefail
list_users | jq -r '.[] | "\(.score) \(.name)"' | sort -n
