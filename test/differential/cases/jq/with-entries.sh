set -euo pipefail
get_inventory --sku CB-300 | jq -c '.warehouses | with_entries(select(.value > 0)) | with_entries(.value *= 2)'
