set -euo pipefail
list_users | jq -r '.[] | [.id, .name, .team] | join(",")' | column -t -s,
