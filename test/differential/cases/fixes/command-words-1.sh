set -euo pipefail
# A retry wrapper and a logging wrapper around tool calls, the way models write them.
retry() {
  local attempts=$1; shift
  local n=0
  until "$@"; do
    n=$((n + 1))
    if [ "$n" -ge "$attempts" ]; then echo "giving up after $n" >&2; return 1; fi
  done
}
log() { echo "+ $*" >&2; "$@"; }
retry 3 get_user --id 2 | jq -r .name
log get_user --id 3 | jq -r .email
retry 2 get_user --id 999 || echo "missing user: $?"
