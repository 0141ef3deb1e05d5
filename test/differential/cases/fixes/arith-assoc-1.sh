set -euo pipefail
# users per team and role: keys with spaces and dashes, counted in $(( )) and (( ))
declare -A per=() roles=()
while IFS=$'\t' read -r team role; do
  key="$team / $role"
  per[$key]=$(( ${per[$key]:-0} + 1 ))
  (( roles[$role-count] += 1 )) || true
done <<< "$(list_users | jq -r '.[] | [.team, .role] | @tsv')"
for k in "${!per[@]}"; do printf '%s=%d\n' "$k" "${per[$k]}"; done | sort
for k in "${!roles[@]}"; do echo "$k ${roles[$k]}"; done | sort
