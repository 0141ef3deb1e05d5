set -euo pipefail
scores=$(list_users --team sales | jq -r '.[].score')
n=$(echo "$scores" | wc -l)
sum=$(echo "$scores" | paste -sd+ - | bc)
echo "sales avg: $(echo "scale=2; $sum / $n" | bc)"
echo "sales avg (awk): $(echo "$scores" | awk '{s+=$1} END {printf "%.2f", s/NR}')"
