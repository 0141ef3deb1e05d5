set -euo pipefail
names=($(list_users | jq -r '.[].name | split(" ")[0]'))
IFS=$'\n' sorted=($(sort -r <<< "${names[*]}"))
unset IFS
echo "${sorted[*]}"
