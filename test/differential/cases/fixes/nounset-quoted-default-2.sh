set -euo pipefail
skus=()
extra=("${skus[@]:-}")
echo "extra=${#extra[@]} first=[${skus[0]:-none}]"
declare -A seen
for name in a b a; do
  if [[ -n "${seen[$name]:-}" ]]; then echo "dup $name"; fi
  seen[$name]=1
done
report() {
  local title="${1:-report}" sep="${2-: }"
  echo "${title}${sep}${3:-empty}"
}
report
report totals " = " 42
