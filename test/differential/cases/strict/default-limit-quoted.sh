set -euo pipefail
LIMIT="${LIMIT:-3}"
search_products --query "${QUERY:-mouse}" --limit "$LIMIT" | jq -r '.[] | "\(.sku) \(.name)"'
