set -euo pipefail
list_users --active true | jq -r '.[] | [.id, .name, .email] | @csv'
