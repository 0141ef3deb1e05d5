set -euo pipefail
found=""
for id in 1 2 3 4 5 6 7 8; do
  role=$(get_user --id "$id" | jq -r .role)
  if [ "$role" = "manager" ]; then
    found=$id
    break
  fi
done
echo "manager: $found"
