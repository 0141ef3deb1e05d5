set -euo pipefail
customer() {
  local id=$1
  local user orders
  user=$(get_user --id "$id") || return 1
  orders=$(get_orders --user-id "$id")
  jq -n --argjson u "$user" --argjson o "$orders" '{
    name: $u.name,
    team: $u.team,
    orders: ($o | length),
    spent: ($o | map(select(.status != "cancelled") | .total) | add // 0),
    last_status: ($o | last | .status // "none")
  }' -c
}
for id in 1 4 6 20; do
  customer "$id" 2>/dev/null || echo "{\"id\":$id,\"error\":\"not found\"}"
done
