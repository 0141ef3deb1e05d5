set -euo pipefail
get_inventory --sku PD-600 | jq -r '.warehouses | to_entries | sort_by(-.value) | .[] | "\(.key)=\(.value)"'
