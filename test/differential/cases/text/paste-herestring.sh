set -euo pipefail
ids=$(list_users | jq -r '.[].id')
paste -sd+ <<< "$ids" | bc
echo "$ids" | paste - - - -
