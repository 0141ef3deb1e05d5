set -euo pipefail
total=0
for t in $(get_orders --user-id 4 | jq -r '.[].total | floor'); do total=$((total + t)); done
echo "total=$total avg=$((total / 2)) rem=$((total % 2))"
