set -euo pipefail
result=$(get_order --id 105 | jq -r .status)
echo "order 105 is $result"
count=$(get_orders --user-id 4 | jq 'length')
echo "user 4 has $count orders"
