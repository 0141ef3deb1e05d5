set -e
for sku in HS-500 MN-400 KB-100; do
  total=$(get_inventory --sku "$sku" | jq '.warehouses | add')
  [ "$total" -gt 5 ] && { echo "in stock: $sku"; break; }
done
echo "checked"
