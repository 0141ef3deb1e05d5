set -euo pipefail
mapfile -t names < <(list_users --team platform | jq -r '.[].name')
echo "${#names[@]} names"
printf '%s\n' "${names[@]}"
