set -euo pipefail
for c in London Paris Tokyo; do get_weather --city "$c"; done | jq -s 'map(.temp_c) | add / length'
