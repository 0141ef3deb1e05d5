set -euo pipefail
total=0
while read -r price; do
  total=$(echo "$total + $price" | bc)
done <<< "$(search_products --query accessories | jq -r '.[].price')"
echo "accessories: $total"
