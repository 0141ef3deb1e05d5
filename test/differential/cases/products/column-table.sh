set -euo pipefail
{ echo "SKU NAME PRICE"; search_products --query accessories | jq -r '.[] | "\(.sku) \(.name | gsub(" "; "_")) \(.price)"'; } | column -t
