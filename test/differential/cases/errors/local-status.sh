set -euo pipefail
f() {
  local out
  out=$(get_user --id 404 2>/dev/null) || { echo "f: lookup failed"; return 3; }
  echo "$out"
}
f || echo "f returned $?"
