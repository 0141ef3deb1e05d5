set -euo pipefail
scores=($(list_users | jq -r '.[].score'))
IFS=$'\n' sorted=($(sort -n <<< "${scores[*]}"))
unset IFS
echo "min=${sorted[0]} max=${sorted[-1]}"
