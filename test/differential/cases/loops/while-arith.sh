set -euo pipefail
i=10
while (( i > 0 )); do
  printf '%d ' "$i"
  (( i -= 3 ))
done
echo
