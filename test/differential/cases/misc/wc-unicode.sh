set -euo pipefail
get_user --id 6 | jq -r .name | wc -c
get_user --id 6 | jq -r .name | wc -m
