set -e
count=0
for name in $(list_users | jq -r '.[].team'); do
  count=$((count + 1))
  [[ "$name" == "sales" ]] && break
done
echo "stopped after $count"
