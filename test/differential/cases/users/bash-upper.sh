set -euo pipefail
team=$(get_user --id 5 | jq -r .team)
echo "${team^^} ${team^} ${team,,}"
