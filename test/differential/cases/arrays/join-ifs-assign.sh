set -euo pipefail
ids=($(list_users --team sales | jq -r '.[].id'))
IFS=,
csv="${ids[*]}"
unset IFS
echo "ids=$csv"
