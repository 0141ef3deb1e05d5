set -euo pipefail
search_products --query audio | jq -r '.[] | [.sku, .name, .price] | @csv'
search_products --query audio | jq -r '.[] | [.sku, .name, .price] | @tsv'
