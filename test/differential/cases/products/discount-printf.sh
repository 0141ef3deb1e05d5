set -euo pipefail
price=$(search_products --query "Mouse Pad" | jq -r '.[0].price')
for pct in 10 25 50; do
  printf '%d%% off: %.2f\n' "$pct" "$(echo "$price * (100 - $pct) / 100" | bc -l)"
done
