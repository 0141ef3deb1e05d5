set -euo pipefail
for id in 1 3 5 7; do
  user=$(get_user --id "$id")
  name=$(jq -r '.name' <<< "$user")
  role=$(jq -r '.role' <<< "$user")
  echo "$id: $name ($role)"
done
