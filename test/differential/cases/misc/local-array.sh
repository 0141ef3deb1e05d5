set -euo pipefail
team_ids() {
  local -a ids=()
  local id
  for id in $(list_users --team "$1" | jq -r '.[].id'); do ids+=("$id"); done
  echo "${ids[*]}"
}
echo "platform: $(team_ids platform)"
echo "sales: $(team_ids sales)"
