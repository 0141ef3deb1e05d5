set -euo pipefail
for n in 1 2 3 4 5 6; do
  if (( n % 2 == 0 )); then
    continue
  fi
  echo "odd $n"
done
echo "end"
