set -euo pipefail
# users by score (highest first), then by name; a comma-separated key and a blank-separated one
list_users | jq -r '.[] | "\(.name),\(.team),\(.score)"' | sort -t, -k3,3nr -k1,1 | head -5
echo ---
list_users | jq -r '.[] | "\(.score) \(.role) \(.name)"' | sort -k2,2 -k1,1n
