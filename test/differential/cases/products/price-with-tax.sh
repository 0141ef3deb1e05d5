set -euo pipefail
rate=0.2
search_products --query audio | jq -r '.[] | "\(.name)|\(.price)"' | while IFS='|' read -r name price; do
  gross=$(echo "scale=2; $price * (1 + $rate) / 1" | bc)
  echo "$name: $price -> $gross"
done
