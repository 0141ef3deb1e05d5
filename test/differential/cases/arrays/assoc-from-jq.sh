set -euo pipefail
declare -A temp=()
for city in London Paris Tokyo; do
  temp[$city]=$(get_weather --city "$city" | jq -r .temp_c)
done
for city in London Paris Tokyo; do printf '%-7s %6s\n' "$city" "${temp[$city]}"; done
