set -euo pipefail
for sku in KB-100 MS-200 CB-300 MN-400 HS-500 PD-600 CH-700 LT-800; do
  inv=$(get_inventory --sku "$sku")
  total=$(jq '[.warehouses[]] | add' <<< "$inv")
  reorder=$(jq .reorder_at <<< "$inv")
  if [ "$total" -lt "$reorder" ]; then
    echo "REORDER $sku ($total < $reorder)"
  fi
done
