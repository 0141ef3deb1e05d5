set -euo pipefail
printf '%s\n' 3 1 2 | jq -s 'sort'
printf 'a\nb\n' | jq -R . | jq -s -c .
printf 'x y\n' | jq -R 'split(" ")' -c
