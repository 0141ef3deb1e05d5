set -uo pipefail
list_users | jq -r '.[].id' | while read -r id; do
  [[ $id -eq 3 ]] && exit 7
  echo "id $id"
done
echo "pipeline status: $?"
