set -euo pipefail
IFS=, read -r -a parts <<< "KB-100,MS-200,CB-300"
echo "${#parts[@]} parts"
for p in "${parts[@]}"; do get_inventory --sku "$p" | jq -r '"\(.sku): \(.warehouses.east)"'; done
