set -euo pipefail
alerts=()
for city in London Paris Tokyo "New York" Sydney; do
  wind=$(get_weather --city "$city" | jq .wind_kph)
  (( wind > 15 )) && alerts+=("$city:$wind")
done
echo "${#alerts[@]} alerts: ${alerts[*]}"
