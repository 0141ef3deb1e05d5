set -uo pipefail
get_user --id 99 | jq -r .name
echo "status: $?"
set +o pipefail
get_user --id 99 | jq -r .name
echo "status without pipefail: $?"
