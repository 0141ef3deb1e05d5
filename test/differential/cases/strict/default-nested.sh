set -euo pipefail
primary=""
fallback="Paris"
city="${primary:-${fallback:-London}}"
get_weather --city "$city" | jq -r '"\(.city): \(.temp_c)C \(.conditions)"'
