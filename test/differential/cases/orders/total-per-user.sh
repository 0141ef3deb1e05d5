set -euo pipefail
for id in 1 2 4 7 8; do
  total=$(get_orders --user-id "$id" | jq '[.[].total] | add')
  echo "user $id: $total"
done
