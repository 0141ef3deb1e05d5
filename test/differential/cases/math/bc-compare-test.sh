set -euo pipefail
score=$(get_user --id 5 | jq .score)
if [ "$(echo "$score >= 70" | bc)" -eq 1 ]; then echo "pass $score"; fi
