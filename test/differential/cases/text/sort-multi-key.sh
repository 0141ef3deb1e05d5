set -euo pipefail
list_users | jq -r '.[] | "\(.team) \(.role) \(.id)"' | sort -k1,1 -k3,3nr
