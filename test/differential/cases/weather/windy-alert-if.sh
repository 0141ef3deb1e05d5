set -euo pipefail
alerts=()
for city in London Paris Tokyo "New York" Sydney; do
  wind=$(get_weather --city "$city" | jq .wind_kph)
  if (( wind > 15 )); then alerts+=("$city:$wind"); fi
done
echo "${#alerts[@]} alerts: ${alerts[*]}"
