set -euo pipefail
n=0
while IFS= read -r line; do
  n=$((n + 1))
done < <(search_products --query "" --limit 100 | jq -c '.[]')
echo "$n products"
