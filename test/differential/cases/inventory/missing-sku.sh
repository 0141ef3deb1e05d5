set -euo pipefail
for sku in KB-100 WC-900 SP-110 LT-800; do
  stock=$(get_inventory --sku "$sku" 2>/dev/null | jq '.warehouses | add') || stock="n/a"
  echo "$sku: $stock"
done
