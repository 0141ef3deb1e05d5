set -euo pipefail
declare -A by_status=()
declare -A revenue=()
problems=()
for id in $(seq 100 113); do
  if ! o=$(get_order --id "$id" 2>/dev/null); then
    problems+=("$id")
    continue
  fi
  s=$(jq -r .status <<< "$o")
  t=$(jq -r .total <<< "$o")
  by_status[$s]=$(( ${by_status[$s]:-0} + 1 ))
  revenue[$s]=$(awk -v a="${revenue[$s]:-0}" -v b="$t" 'BEGIN {printf "%.2f", a + b}')
done
for s in $(printf '%s\n' "${!by_status[@]}" | sort); do
  printf '%-10s %2d %10s\n' "$s" "${by_status[$s]}" "${revenue[$s]}"
done
echo "missing: ${problems[*]}"
