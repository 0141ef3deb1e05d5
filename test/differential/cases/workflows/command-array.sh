set -euo pipefail
cmd=(list_users --team sales)
if [[ ${ONLY_ACTIVE:-yes} == yes ]]; then cmd+=(--active true); fi
"${cmd[@]}" | jq -r '.[].name'
