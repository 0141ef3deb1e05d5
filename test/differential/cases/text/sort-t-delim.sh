set -euo pipefail
search_products --query "" --limit 100 | jq -r '.[] | "\(.category),\(.price),\(.sku)"' | sort -t, -k2,2n | cut -d, -f3
