set -euo pipefail
search_products --query "" --limit 100 | jq -r 'min_by(.price).name, max_by(.rating).name'
