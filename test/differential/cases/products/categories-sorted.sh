set -euo pipefail
search_products --query "" --limit 100 | jq -r '.[].category' | sort | uniq -c | sort -k1,1nr -k2
