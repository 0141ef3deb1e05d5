set -euo pipefail
trap 'echo "exit trap, status $?"' EXIT
echo "start"
get_order --id 404 >/dev/null 2>&1
echo "not reached"
