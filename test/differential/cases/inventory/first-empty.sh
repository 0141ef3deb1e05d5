set -euo pipefail
for sku in KB-100 MS-200 HS-500 CB-300; do
  total=$(get_inventory --sku "$sku" | jq '.warehouses | add')
  if [[ $total -eq 0 ]]; then
    echo "first empty: $sku"
    break
  fi
done
echo "done"
