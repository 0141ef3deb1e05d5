set -euo pipefail
on_exit() { echo "finished with $?"; }
trap on_exit EXIT
echo "doing work"
exit 3
