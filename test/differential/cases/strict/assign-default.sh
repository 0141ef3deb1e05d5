set -euo pipefail
: "${MAX_USERS:=4}"
echo "max users: $MAX_USERS"
list_users | jq -r --argjson n "$MAX_USERS" '.[:$n][] | .name'
