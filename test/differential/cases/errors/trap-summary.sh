set -euo pipefail
processed=0
failed=0
summary() { echo "processed=$processed failed=$failed"; }
trap summary EXIT
for id in 101 404 102 405 103; do
  if get_order --id "$id" >/dev/null 2>&1; then
    processed=$((processed + 1))
  else
    failed=$((failed + 1))
  fi
done
