set -euo pipefail
declare -A roles
while read -r role; do
  roles[$role]=$(( ${roles[$role]:-0} + 1 ))
done < <(list_users | jq -r '.[].role')
for r in $(printf '%s\n' "${!roles[@]}" | sort); do
  echo "$r: ${roles[$r]}"
done
