set -euo pipefail
limit="${LIMIT:-3}"
status="${STATUS-}"
label="${LABEL:+[$LABEL] }"
echo "${label}limit=$limit status=[${status}]"
list_users | jq -r --argjson n "$limit" '.[:$n][] | .name'
