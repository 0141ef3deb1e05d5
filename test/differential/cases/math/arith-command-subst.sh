set -euo pipefail
double() { echo $(( $1 * 2 )); }
echo $(( $(double 4) + 1 ))
n=$(( $(get_orders --user-id 1 | jq length) * 10 ))
echo "n=$n"
