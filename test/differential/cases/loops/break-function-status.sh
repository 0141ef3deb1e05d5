set -euo pipefail
first_big() {
  local t
  for t in "$@"; do
    [ "$t" -gt 100 ] && break
  done
}
first_big 5 200 7
echo "function status $?"
