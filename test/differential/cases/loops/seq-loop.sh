set -euo pipefail
for i in $(seq 101 3 112); do
  get_order --id "$i" | jq -r '"\(.id) \(.status)"'
done
