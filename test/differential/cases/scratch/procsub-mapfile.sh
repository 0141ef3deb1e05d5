set -euo pipefail
mapfile -t cities < <(printf '%s\n' London Paris)
for c in "${cities[@]}"; do get_weather --city "$c" | jq -r .conditions; done
