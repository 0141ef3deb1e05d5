set -euo pipefail
status_counts() {
  local -A counts=()
  local -i total=0
  local s
  for s in $(get_orders --user-id "$1" | jq -r '.[].status'); do
    counts[$s]=$(( ${counts[$s]:-0} + 1 ))
    total+=1
  done
  for s in delivered shipped pending cancelled; do
    [[ -n ${counts[$s]:-} ]] && echo "user $1 $s=${counts[$s]}"
  done
  echo "user $1 total=$total"
}
for u in 1 2 3; do status_counts "$u"; done
