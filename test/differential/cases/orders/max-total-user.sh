set -euo pipefail
best_id=0
best_total=0
for u in 1 2 3 4 5 7 8; do
  t=$(get_orders --user-id "$u" | jq '[.[].total] | add // 0')
  if (( $(echo "$t > $best_total" | bc) )); then
    best_total=$t
    best_id=$u
  fi
done
echo "top spender: $best_id ($best_total)"
