set -euo pipefail
n=$(list_users | jq -r '.[].role' | grep -c -e rep -e agent)
echo "frontline: $n"
