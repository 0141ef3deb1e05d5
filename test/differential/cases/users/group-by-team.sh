set -euo pipefail
list_users | jq -c 'group_by(.team) | map({team: .[0].team, count: length, avg: (map(.score) | add / length)})[]'
