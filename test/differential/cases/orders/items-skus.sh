set -euo pipefail
for id in $(seq 101 112); do get_order --id "$id"; done | jq -r '.items[].sku' | sort | uniq -c | sort -k1,1nr -k2,2
