set -euo pipefail
for sku in KB-100 CB-300 MN-400 HS-500; do
  get_inventory --sku "$sku" | jq -r '.sku as $s | .warehouses | to_entries[] | select(.value == 0) | "\($s) empty in \(.key)"'
done
