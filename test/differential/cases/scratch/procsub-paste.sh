set -euo pipefail
paste -d, <(list_users | jq -r '.[].id') <(list_users | jq -r '.[].team')
