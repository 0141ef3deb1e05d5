set -euo pipefail
for id in 2 42 4; do
  name=$(get_user --id "$id" 2>/dev/null | jq -r .name) || name="unknown"
  echo "$id -> $name"
done
