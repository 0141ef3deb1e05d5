set -euo pipefail
is_int() { [[ -n $1 && $1 != *[!0-9]* ]]; }
for v in 42 abc 7x 0; do
  if is_int "$v"; then echo "$v int"; else echo "$v not"; fi
done
