set -euo pipefail
for id in $(list_users | jq -r '.[].id'); do
  n=$(get_orders --user-id "$id" | jq length)
  [ "$n" -eq 0 ] && continue
  echo "$(get_user --id "$id" | jq -r .name): $n"
done
