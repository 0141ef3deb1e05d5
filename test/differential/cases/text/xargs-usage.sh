set -euo pipefail
list_users --team support | jq -r '.[].id' | xargs echo "ids:"
printf '%s\n' 1 2 3 | xargs -I{} echo "item {}"
