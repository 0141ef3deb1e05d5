set -uo pipefail
for call in "get_weather --city Paris" "get_weather --city Tokyo"; do
  $call | jq -r '.conditions'
done
