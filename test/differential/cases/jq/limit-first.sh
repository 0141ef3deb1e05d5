set -euo pipefail
list_users | jq -r 'first(.[] | select(.team == "sales")) | .name'
list_users | jq -c '[limit(2; .[] | .id)]'
