set -euo pipefail
lookup() {
  local json
  json=$(get_user --id "$1" 2>/dev/null)
  jq -r .name <<< "$json"
}
for id in 1 99 3; do
  name=$(lookup "$id") && echo "$id: $name" || echo "$id: not found"
  lookup "$id" >/dev/null || echo "$id: lookup failed"
done
! lookup 42 >/dev/null 2>&1 && echo "42 is absent"
echo done
