set -euo pipefail
# Joining ids with a custom IFS into a variable, then using it as a flag value.
ids=($(list_users --team sales | jq -r '.[].id'))
IFS=,
csv="${ids[*]}"
unset IFS
echo "ids=$csv"
f() { local IFS='|'; local joined="${ids[*]}"; echo "$joined"; }
f
names=($(list_users | jq -r '.[].name | split(" ")[0]'))
IFS=$'\n' sorted=($(sort <<< "${names[*]}"))
unset IFS
echo "first=${sorted[0]} count=${#sorted[@]}"
