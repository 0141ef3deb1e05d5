set -euo pipefail
total=12
delivered=5
pct=$(awk -v d="$delivered" -v t="$total" 'BEGIN{printf "%.1f", 100*d/t}')
echo "delivered: $pct%"
printf '%.1f%%\n' "$(echo "100 * $delivered / $total" | bc -l)"
