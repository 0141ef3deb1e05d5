set -euo pipefail
get_user --id 2 | jq -c 'del(.email, .score)'
get_user --id 2 | jq -c '. + {team: "infra"} | {id, team}'
