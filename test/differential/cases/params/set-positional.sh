set -euo pipefail
set -- alpha beta gamma
echo "$# args: $1 ${2} ${@: -1}"
shift
echo "now $#: $*"
