set -euo pipefail
failed=()
for id in 1 9 2 10 3; do
  get_user --id "$id" >/dev/null 2>&1 || failed+=("$id")
done
echo "failed: ${failed[*]:-none} (${#failed[@]})"
