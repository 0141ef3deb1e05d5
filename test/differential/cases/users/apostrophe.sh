set -euo pipefail
name=$(get_user --id 4 | jq -r .name)
echo "name: $name"
echo "escaped: ${name//\'/\\\'}"
printf '%q\n' "$name"
