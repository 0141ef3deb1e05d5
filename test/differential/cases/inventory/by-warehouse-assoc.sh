set -euo pipefail
declare -A stock=()
for sku in KB-100 MS-200 CB-300 PD-600 CH-700 LT-800; do
  while read -r w n; do
    stock[$w]=$(( ${stock[$w]:-0} + n ))
  done <<< "$(get_inventory --sku "$sku" | jq -r '.warehouses | to_entries[] | "\(.key) \(.value)"')"
done
for w in central east west; do printf '%-8s %5d\n' "$w" "${stock[$w]}"; done
