set -euo pipefail
printf '%-25s %10s\n' PRODUCT PRICE
search_products --query "" --limit 100 | jq -r '.[] | "\(.name)\t\(.price)"' | while IFS=$'\t' read -r name price; do
  printf '%-25s %10.2f\n' "$name" "$price"
done
