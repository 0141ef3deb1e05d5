set -euo pipefail
declare -A seen=()
unique=()
for id in $(seq 101 112); do
  for sku in $(get_order --id "$id" | jq -r '.items[].sku'); do
    [[ -v seen[$sku] ]] && continue
    seen[$sku]=1
    unique+=("$sku")
  done
done
echo "${#unique[@]} unique: ${unique[*]}"
