set -euo pipefail
while read -r id; do
  if [ "$id" -gt 3 ]; then break; fi
  echo "id $id"
done <<< "$(list_users | jq -r '.[].id')"
echo "status $?"
