set -euo pipefail
declare -A total=() count=()
while IFS=$'\t' read -r team score; do
  total[$team]=$(echo "${total[$team]:-0} + $score" | bc)
  count[$team]=$(( ${count[$team]:-0} + 1 ))
done <<< "$(list_users | jq -r '.[] | [.team, .score] | @tsv')"
for t in platform sales support; do
  echo "$t: n=${count[$t]} total=${total[$t]}"
done
