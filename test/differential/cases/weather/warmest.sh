set -euo pipefail
best=""
best_t=-100
for city in London Paris Tokyo Zürich Sydney "New York"; do
  t=$(get_weather --city "$city" | jq .temp_c)
  if (( $(echo "$t > $best_t" | bc -l) )); then best=$city; best_t=$t; fi
done
echo "warmest: $best ($best_t)"
