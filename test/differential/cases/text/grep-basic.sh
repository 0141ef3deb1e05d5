set -euo pipefail
list_users | jq -r '.[].name' | grep -i 'a'
echo "--"
list_users | jq -r '.[].name' | grep -c 'e'
