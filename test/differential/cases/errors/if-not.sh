set -euo pipefail
if ! get_order --id 500 >/dev/null 2>&1; then
  echo "order 500 missing"
fi
if ! out=$(get_order --id 101); then echo "unexpected"; else echo "found $(jq -r .status <<< "$out")"; fi
