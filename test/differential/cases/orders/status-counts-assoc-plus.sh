set -euo pipefail
declare -A counts
for u in 1 2 3 4 5 7 8; do
  for status in $(get_orders --user-id "$u" | jq -r '.[].status'); do
    counts[$status]=$((counts[$status] + 1))
  done
done
for s in delivered shipped pending cancelled; do
  echo "$s=${counts[$s]}"
done
