set -euo pipefail
for u in 1 2 3 4 5 7 8; do
  get_orders --user-id "$u" | jq -r '.[] | "\(.status) \(.total)"'
done | awk '{n[$1]++; s[$1]+=$2} END {for (k in n) printf "%s %d %.2f\n", k, n[k], s[k]}' | sort
