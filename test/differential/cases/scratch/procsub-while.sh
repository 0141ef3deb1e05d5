set -euo pipefail
total=0
while read -r t; do
  total=$((total + ${t%.*}))
done < <(get_orders --user-id 7 | jq -r '.[].total')
echo "total=$total"
