set -euo pipefail
matches=$(list_users | jq -r '.[].name' | grep Zed || true)
echo "matches: '${matches}'"
count=$(list_users | jq -r '.[].name' | grep -c Zed || true)
echo "count: $count"
