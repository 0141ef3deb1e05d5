set -euo pipefail
get_user --id 6 | jq -r .name | awk '{print length($0), length($2)}'
