set -euo pipefail
declare -a plan=()
for sku in $(search_products --query "" --limit 100 | jq -r '.[].sku'); do
  if ! inv=$(get_inventory --sku "$sku" 2>/dev/null); then
    plan+=("$sku:unknown")
    continue
  fi
  total=$(jq '.warehouses | add' <<< "$inv")
  reorder=$(jq '.reorder_at' <<< "$inv")
  if (( total < reorder )); then
    plan+=("$sku:$((reorder * 2 - total))")
  fi
done
printf '%s\n' "${plan[@]}" | sort
echo "${#plan[@]} items to restock"
