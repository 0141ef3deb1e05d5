set -euo pipefail
for u in 1 2 3 4 5 7 8; do get_orders --user-id "$u"; done | jq -s -r 'add | group_by(.status) | .[] | "\(.[0].status): \(length)"'
