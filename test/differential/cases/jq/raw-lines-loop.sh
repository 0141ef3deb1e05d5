set -euo pipefail
list_users | jq -r '.[:3][] | @base64' | while read -r row; do
  echo "$row" | base64 -d | jq -r '.name'
done
