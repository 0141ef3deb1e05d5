set -euo pipefail
for q in mouse cable audio; do
  echo "== $q"
  search_products --query "$q" | jq -r '.[].name'
done
