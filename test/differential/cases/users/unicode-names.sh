set -euo pipefail
for id in 3 6; do
  name=$(get_user --id "$id" | jq -r .name)
  echo "$name has ${#name} characters"
  echo "upper: $(jq -rn --arg n "$name" '$n | ascii_upcase')"
done
