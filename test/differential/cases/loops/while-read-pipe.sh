set -euo pipefail
list_users | jq -c '.[]' | while read -r u; do
  id=$(jq .id <<< "$u")
  team=$(jq -r .team <<< "$u")
  echo "$id:$team"
done
