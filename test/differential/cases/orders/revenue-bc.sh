set -euo pipefail
sum=0
for id in 101 102 105 106 109; do
  t=$(get_order --id "$id" | jq -r .total)
  sum=$(echo "$sum + $t" | bc)
done
echo "delivered-ish revenue: $sum"
