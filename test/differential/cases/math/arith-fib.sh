set -euo pipefail
fib() {
  local n=$1
  if (( n < 2 )); then echo "$n"; return; fi
  echo $(( $(fib $((n - 1))) + $(fib $((n - 2))) ))
}
for i in 0 1 2 3 4 5 6 7 8; do printf '%s ' "$(fib "$i")"; done
echo
