set -euo pipefail
min=${MIN_RATING:-4.3}
search_products --query "" --limit 100 | jq -r --argjson m "$min" '[.[] | select(.rating >= $m)] | sort_by(-.rating) | .[] | "\(.rating) \(.name)"'
