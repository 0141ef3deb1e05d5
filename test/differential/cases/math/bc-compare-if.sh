set -euo pipefail
score=$(get_user --id 1 | jq .score)
if (( $(echo "$score > 90" | bc -l) )); then echo "excellent ($score)"; else echo "ok"; fi
