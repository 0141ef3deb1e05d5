set -euo pipefail
while read -r name; do
  slug=${name,,}
  slug=${slug// /-}
  echo "$slug"
done <<< "$(search_products --query "" --limit 100 | jq -r '.[].name')"
