set -euo pipefail
for id in $(seq 1 8); do
  active=$(get_user --id "$id" | jq -r .active)
  [[ "$active" == "true" ]] || continue
  echo "active: $id"
done
