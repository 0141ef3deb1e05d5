set -euo pipefail
call_with_retry() {
  local attempts=0 max=3
  while (( attempts < max )); do
    attempts=$((attempts + 1))
    if out=$("$@" 2>/dev/null); then
      echo "$out"
      return 0
    fi
    echo "attempt $attempts failed" >&2
  done
  return 1
}
call_with_retry get_user --id 2 | jq -r .name
if ! call_with_retry get_user --id 200 2>/dev/null; then echo "gave up on 200"; fi
