set -euo pipefail
search_products --query "" --limit 50 | jq -r 'sort_by(.price) | .[:3][] | "\(.price)\t\(.name)"'
