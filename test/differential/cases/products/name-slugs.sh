set -euo pipefail
search_products --query "" --limit 100 | jq -r '.[].name' | while read -r name; do
  slug=$(echo "$name" | tr '[:upper:]' '[:lower:]' | tr ' ' '-' | tr -cd 'a-z0-9-')
  echo "$slug"
done
