set -euo pipefail
team=sales
min=80
list_users | jq -r --arg t "$team" --argjson m "$min" '.[] | select(.team == $t and .score >= $m) | .name'
