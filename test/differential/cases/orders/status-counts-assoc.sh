set -euo pipefail
declare -A counts=()
for u in 1 2 3 4 5 7 8; do
  while read -r status; do
    [[ -z "$status" ]] && continue
    counts[$status]=$(( ${counts[$status]:-0} + 1 ))
  done <<< "$(get_orders --user-id "$u" | jq -r '.[].status')"
done
for s in delivered shipped pending cancelled; do
  echo "$s=${counts[$s]:-0}"
done
