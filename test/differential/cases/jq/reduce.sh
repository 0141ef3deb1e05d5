set -euo pipefail
for id in $(seq 101 112); do get_order --id "$id"; done | jq -s 'reduce .[] as $o ({}; .[$o.status] += $o.total)'
