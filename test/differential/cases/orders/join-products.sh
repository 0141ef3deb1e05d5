set -euo pipefail
order=$(get_order --id 101)
for sku in $(jq -r '.items[].sku' <<< "$order"); do
  name=$(search_products --query "" --limit 20 | jq -r --arg s "$sku" '.[] | select(.sku == $s) | .name')
  echo "$sku: $name"
done
