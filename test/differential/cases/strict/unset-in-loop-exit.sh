set -euo pipefail
for id in 1 2; do
  name=$(get_user --id "$id" | jq -r .name)
  echo "$name $suffix"
done
