set -uo pipefail
get_user --id 99 2>/dev/null | jq -r .name | cat
echo "pipestatus: ${PIPESTATUS[*]}"
true | false | true
echo "pipestatus: ${PIPESTATUS[*]}"
