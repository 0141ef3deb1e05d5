set -euo pipefail
# trim a JSON document's closing bracket and newline with byte counts, then the first user's id with tail -c +N
json=$(list_users | jq -c '[.[] | {id, name}]')
printf '%s' "$json" | head -c -1 | tail -c 30; echo
printf '%s\n' "$json" | tail -c +3 | head -c 5; echo
list_users | jq -r '.[].name' | tail -n -2
