set -euo pipefail
sum=$(list_users | jq -r '.[].score' | paste -sd+ | bc)
echo "sum of scores: $sum"
avg=$(echo "scale=3; $sum / 8" | bc)
echo "average: $avg"
