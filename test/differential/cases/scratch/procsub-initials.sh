set -euo pipefail
while IFS= read -r name; do
  initials=""
  for part in $name; do
    initials+="${part:0:1}"
  done
  echo "$name => $initials"
done < <(list_users | jq -r '.[].name')
