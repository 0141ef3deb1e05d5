set -euo pipefail
for city in London Paris Tokyo Zürich; do
  get_weather --city "$city" | jq -r '"\(.city) \(.temp_c)"'
done | awk '{printf "%s %.1fF\n", $1, $2 * 9 / 5 + 32}'
