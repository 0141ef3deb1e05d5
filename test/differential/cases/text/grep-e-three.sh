set -euo pipefail
search_products --query "" --limit 100 | jq -r '.[].name' | grep -i -e mouse -e cable -e chair
