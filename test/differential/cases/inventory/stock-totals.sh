set -euo pipefail
for sku in KB-100 MS-200 CB-300 MN-400 HS-500; do
  get_inventory --sku "$sku" | jq -r '"\(.sku) \(.warehouses | add)"'
done
