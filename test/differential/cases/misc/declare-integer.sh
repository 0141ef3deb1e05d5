set -euo pipefail
declare -i total=0
for t in $(get_orders --user-id 1 | jq -r '.[].total | floor'); do total+=t; done
echo "total=$total"
declare -i n="3 + 4"
echo "n=$n"
