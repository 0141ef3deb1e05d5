set -euo pipefail
search_products --query peripherals | jq -r '.[] | "\(.sku) \(.price)"' | while read -r sku price; do
  printf '%-8s %8.2f\n' "$sku" "$price"
done
