set -Eeuo pipefail
on_error() {
  echo "error: status $1 at line $2" >&2
  echo "handled status $1"
}
trap 'on_error $? $LINENO' ERR
trap 'echo "exit with $?"' EXIT
count=$(list_users | jq length)
echo "users: $count"
summary=$( trap 'echo "(summary done)"' EXIT; echo "total=$count" )
echo "$summary"
get_order --id 404 >/dev/null 2>&1
echo "not reached"
