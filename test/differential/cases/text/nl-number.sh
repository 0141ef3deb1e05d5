set -euo pipefail
list_users --team platform | jq -r '.[].name' | nl
list_users --team sales | jq -r '.[].name' | nl -w2 -s'. '
