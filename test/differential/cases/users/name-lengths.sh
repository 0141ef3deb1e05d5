set -euo pipefail
while IFS= read -r name; do
  printf '%-15s %2d\n' "$name" "${#name}"
done <<< "$(list_users | jq -r '.[].name')"
