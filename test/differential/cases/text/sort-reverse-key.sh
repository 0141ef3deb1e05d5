set -euo pipefail
list_users | jq -r '.[] | "\(.team) \(.score) \(.id)"' | sort -k2,2nr | head -3
