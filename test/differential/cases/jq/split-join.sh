set -euo pipefail
list_users | jq -r '[.[].name | split(" ") | .[1]] | join("/")'
