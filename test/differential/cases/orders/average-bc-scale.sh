set -euo pipefail
totals=$(get_orders --user-id 7 | jq -r '.[].total')
n=$(wc -l <<< "$totals")
sum=$(paste -sd+ <<< "$totals" | bc)
avg=$(echo "scale=2; $sum / $n" | bc)
echo "n=$n sum=$sum avg=$avg"
