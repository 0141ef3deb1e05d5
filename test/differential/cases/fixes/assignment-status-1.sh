set -euo pipefail
found=no
for id in 1 2 99; do
  name=$(get_user --id "$id" 2>/dev/null | jq -r '.name') || name="(missing)"
  [[ $name == "(missing)" ]] && continue
  found=yes
  last=$name
done
summary="found=$found last=$last"
echo "$summary"
false || rc=$?
status=$?
echo "rc=$rc status=$status"
