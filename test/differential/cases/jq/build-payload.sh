set -euo pipefail
ids=$(list_users --team platform | jq -c '[.[].id]')
jq -n --argjson ids "$ids" --arg team platform '{team: $team, ids: $ids, count: ($ids | length)}'
