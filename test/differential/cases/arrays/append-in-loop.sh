set -euo pipefail
declare -a skus=()
for q in mouse cable stand; do
  while read -r s; do skus+=("$s"); done <<< "$(search_products --query "$q" | jq -r '.[].sku')"
done
echo "${#skus[@]}: ${skus[*]}"
