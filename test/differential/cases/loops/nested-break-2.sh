set -euo pipefail
for t in platform sales support; do
  for id in $(list_users --team "$t" | jq -r '.[].id'); do
    if [ "$id" -ge 4 ]; then
      echo "first id>=4: $id in $t"
      break 2
    fi
  done
done
echo "after"
