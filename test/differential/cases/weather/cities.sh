set -euo pipefail
for city in London Paris Tokyo "New York" Sydney; do
  get_weather --city "$city" | jq -r '"\(.city): \(.temp_c)°C, \(.conditions)"'
done
