set -euo pipefail
failed=0
report() {
  local status=$?
  echo "report: failed=$failed status=$status"
}
trap report EXIT
for id in 1 2 999; do
  if ! get_user --id "$id" >/dev/null 2>&1; then
    failed=$((failed + 1))
    continue
  fi
  echo "user $id ok"
done
get_user --id 12345 >/dev/null 2>&1
echo "not reached"
