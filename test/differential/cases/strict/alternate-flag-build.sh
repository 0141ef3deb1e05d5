set -euo pipefail
team=sales
list_users ${team:+--team "$team"} ${ACTIVE:+--active "$ACTIVE"} | jq -r '.[].name'
