set -eEuo pipefail
trap 'echo "ERR at line $LINENO (status $?)"' ERR
echo "begin"
get_user --id 1000 >/dev/null 2>&1
echo "end"
