set -euo pipefail
for id in 101 150 102; do
  if order=$(get_order --id "$id" 2>/dev/null); then
    echo "$id: $(jq -r .status <<< "$order")"
  else
    echo "$id: missing (exit $?)"
  fi
done
