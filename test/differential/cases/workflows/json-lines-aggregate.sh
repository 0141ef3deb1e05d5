set -euo pipefail
for id in $(seq 101 112); do
  get_order --id "$id" | jq -c '{user_id, total, status}'
done > /dev/null
for id in $(seq 101 112); do
  get_order --id "$id" | jq -c '{user_id, total, status}'
done | jq -s -c 'group_by(.user_id) | map({user: .[0].user_id, n: length, sum: (map(.total) | add)}) | sort_by(-.sum) | .[:3]'
