set -euo pipefail
names=$(list_users | jq -r '.[].name')
while IFS= read -r name; do
  initials=""
  for part in $name; do
    initials+="${part:0:1}"
  done
  echo "$name => $initials"
done <<< "$names"
