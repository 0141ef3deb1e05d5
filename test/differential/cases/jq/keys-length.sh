set -euo pipefail
get_user --id 1 | jq -c 'keys'
get_user --id 1 | jq 'length'
get_inventory --sku KB-100 | jq -c '.warehouses | keys_unsorted'
