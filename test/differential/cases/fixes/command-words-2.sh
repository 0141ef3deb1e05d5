set -euo pipefail
# Commands built as arrays and strings, run from an expansion.
cmd=(list_users)
[[ ${TEAM:-sales} ]] && cmd+=(--team "${TEAM:-sales}")
"${cmd[@]}" | jq -r '.[].name' | sort
call="get_user --id 1"
$call | jq -r .name
opts=()
get_user "${opts[@]}" --id 2 | jq -r .id
$EMPTY get_user --id 3 | jq -r .id
steps=("echo start" "get_user --id 1" "echo end")
for s in "${steps[@]}"; do $s | jq -Rr 'fromjson? // . | if type == "object" then .name else . end'; done
