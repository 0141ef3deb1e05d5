set -euo pipefail
while IFS=, read -r sku name price; do
  echo "[$sku] [$name] [$price]"
done <<< "$(search_products --query audio | jq -r '.[] | [.sku, .name, .price] | join(",")')"
