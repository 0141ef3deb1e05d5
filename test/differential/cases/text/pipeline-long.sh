set -euo pipefail
for id in $(seq 101 112); do get_order --id "$id" | jq -r '.items[] | "\(.sku) \(.qty)"'; done \
  | awk '{q[$1]+=$2} END {for (s in q) print q[s], s}' \
  | sort -k1,1nr -k2 \
  | head -3 \
  | nl -w1 -s') '
