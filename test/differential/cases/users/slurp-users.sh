set -euo pipefail
for id in 1 2 3; do get_user --id "$id"; done | jq -s -c 'map({id, team})'
