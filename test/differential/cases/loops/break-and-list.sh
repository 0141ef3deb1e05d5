set -euo pipefail
for id in 1 2 3 4; do
  [ "$id" -eq 3 ] && break
  echo "id $id"
done
echo "loop done"
