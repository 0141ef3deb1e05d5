set -euo pipefail
region="${REGION-east}"
echo "region=$region"
get_inventory --sku KB-100 | jq -r --arg r "$region" '.warehouses[$r]'
