set -euo pipefail
for sku in KB-100 MS-200 CB-300 PD-600 CH-700 LT-800; do
  get_inventory --sku "$sku" | jq -r '.warehouses | to_entries[] | "\(.key) \(.value)"'
done | awk '{s[$1]+=$2} END {for (w in s) print w, s[w]}' | sort
