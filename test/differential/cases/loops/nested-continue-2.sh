set -euo pipefail
for t in platform sales support; do
  for id in $(list_users --team "$t" | jq -r '.[].id'); do
    (( id % 2 == 0 )) && continue 2
    echo "$t: odd $id"
  done
done
echo "after"
