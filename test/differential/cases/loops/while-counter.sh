set -euo pipefail
i=0
while [ $i -lt 5 ]; do
  echo "tick $i"
  i=$((i + 1))
done
