set -euo pipefail
triage() {
  local order_id=$1 status total
  status=$(get_order --id "$order_id" | jq -r .status)
  total=$(get_order --id "$order_id" | jq -r .total)
  local priority=low
  case $status in
    pending) priority=high ;;
    shipped) [[ ${total%.*} -gt 100 ]] && priority=medium ;;
  esac
  create_ticket --title "Order $order_id is $status" --priority "$priority" | jq -r '"\(.id) \(.priority) \(.title)"'
}
for id in 103 107 110 108; do triage "$id"; done
