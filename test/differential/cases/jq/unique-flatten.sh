set -euo pipefail
for id in $(seq 101 112); do get_order --id "$id"; done | jq -s -c '[.[].items[].sku] | unique'
for id in 101 105; do get_order --id "$id"; done | jq -s -c 'map(.items) | flatten | map(.qty)'
