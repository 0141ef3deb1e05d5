set -euo pipefail
for id in 3 6 7; do
  printf '%-14s|\n' "$(get_user --id "$id" | jq -r .name)"
done
