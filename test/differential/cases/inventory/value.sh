set -euo pipefail
total="0"
for sku in KB-100 MS-200 CB-300; do
  price=$(search_products --query "" --limit 100 | jq -r --arg s "$sku" '.[] | select(.sku==$s) | .price')
  units=$(get_inventory --sku "$sku" | jq '.warehouses | add')
  value=$(echo "$price * $units" | bc)
  total=$(echo "$total + $value" | bc)
  echo "$sku $units x $price = $value"
done
echo "total $total"
