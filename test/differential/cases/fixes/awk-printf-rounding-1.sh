set -euo pipefail
# temperatures converted in awk, printed with %.1f (ties like 70.25 round to even on the binary value)
for city in Paris Tokyo; do
  get_weather --city "$city" | jq -r '"\(.city) \(.temp_c)"'
done | awk '{ f = $2 * 9 / 5 + 32; printf "%-6s %5.1fC %6.1fF %g\n", $1, $2, f, f / 3 }'
awk 'BEGIN { printf "%.2f %.1f %.0f %e\n", 0.125, 70.25, 2.5, 0.00001 }'
