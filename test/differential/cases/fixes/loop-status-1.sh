set -euo pipefail
# first name word starting with D-F; the loop ends with break after failed tests
pick=""
for name in $(list_users | jq -r '.[].name'); do
  [[ $name == [D-Fd-f]* ]] && { pick=$name; break; }
done
echo "picked: ${pick:-none}"
