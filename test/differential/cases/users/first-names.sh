set -euo pipefail
list_users | jq -r '.[].name' | while read -r first last; do
  echo "$first"
done
