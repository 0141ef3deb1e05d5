set -euo pipefail
# a price table: printf's %.2f and %.0f on exact ties (x.125, x.5) and on the usual binary near-ties
search_products --query a | jq -r '.[] | "\(.name)\t\(.price)"' | while IFS=$'\t' read -r name price; do
  printf '%-20s %8.2f %5.0f\n' "$name" "$price" "$price"
done
printf '%.2f %.2f %.0f %.0f %.1f\n' 0.125 0.375 2.5 3.5 0.45
