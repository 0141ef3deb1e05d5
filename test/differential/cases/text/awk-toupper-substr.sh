set -euo pipefail
list_users | jq -r '.[].name' | awk '{print toupper(substr($1, 1, 3)) "-" length($0)}'
