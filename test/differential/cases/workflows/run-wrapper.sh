set -euo pipefail
run() {
  echo "+ $*" >&2
  "$@"
}
run get_user --id 7 | jq -r .name
run echo "done"
