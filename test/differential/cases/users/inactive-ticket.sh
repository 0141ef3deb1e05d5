set -euo pipefail
inactive=$(list_users --active false | jq -r '.[].id')
for id in $inactive; do
  name=$(get_user --id "$id" | jq -r .name)
  ticket=$(create_ticket --title "Deactivate $name" --priority low | jq -r .id)
  echo "$ticket: $name"
done
