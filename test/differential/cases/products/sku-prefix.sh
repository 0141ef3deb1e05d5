set -euo pipefail
for sku in $(search_products --query "" --limit 100 | jq -r '.[].sku'); do
  echo "${sku%%-*} ${sku#*-} ${sku:0:2} ${sku: -3}"
done
