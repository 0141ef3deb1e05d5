set -euo pipefail
for u in 1 2 3 4 5 7 8; do
  get_orders --user-id "$u" | jq -r '.[].status'
done | sort | uniq -c | sort -k1,1nr -k2
