set -euo pipefail
threshold=4.3
alerts=0
while IFS=$'\t' read -r sku rating; do
  if [ "$(echo "$rating < $threshold" | bc)" = 1 ]; then
    echo "low rating: $sku ($rating)"
    alerts=$((alerts + 1))
  fi
done <<< "$(search_products --query "" --limit 100 | jq -r '.[] | [.sku, .rating] | @tsv')"
echo "$alerts alerts"
