set -uo pipefail
get_user --id 3 | jq -e '.active' >/dev/null
echo "active check: $?"
get_user --id 1 | jq -e '.active' >/dev/null
echo "active check: $?"
