set -euo pipefail
count=0
for u in 1 2 7 8; do
  for oid in $(get_orders --user-id "$u" | jq -r '.[] | select(.status == "pending") | .id'); do
    t=$(create_ticket --title "Follow up order $oid" --priority high | jq -r '.id')
    echo "order $oid -> $t"
    ((count++)) || true
  done
done
echo "tickets: $count"
