set -euo pipefail
declare -a extra=()
echo "args: ${extra[@]:-none}"
echo "first: ${extra[0]:-unset}"
