set -euo pipefail
# order totals per status, then each status's share of the orders
declare -A count=()
n=0
for id in $(seq 101 112); do
  status=$(get_order --id "$id" | jq -r '.status')
  count[$status]=$(( ${count[$status]:-0} + 1 ))
  n=$(( n + 1 ))
done
for s in $(printf '%s\n' "${!count[@]}" | sort); do
  echo "$s ${count[$s]} $(( count[$s] * 100 / n ))%"
done
