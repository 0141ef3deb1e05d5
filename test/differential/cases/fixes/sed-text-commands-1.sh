set -euo pipefail
list_users | jq -r '.[] | "\(.id),\(.name)"' | sed '1i\id,name' | sed '$a\# end of users'
