set -euo pipefail
for city in London Paris Tokyo Zürich; do
  c=$(get_weather --city "$city" | jq .temp_c)
  f=$(echo "scale=1; $c * 9 / 5 + 32" | bc)
  echo "$city ${c}C ${f}F"
done
