set -euo pipefail
n=0
until false; do
  n=$((n + 1))
  [[ $n -ge 4 ]] && break
done
echo "n=$n"
