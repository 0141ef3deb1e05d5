set -euo pipefail
list_users | jq -r '.[].id' | while read -r id; do
  if [[ $(get_orders --user-id "$id" | jq 'length') == 0 ]]; then
    echo "no orders: $id"
  fi
done
