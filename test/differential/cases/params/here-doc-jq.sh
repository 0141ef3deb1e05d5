set -euo pipefail
jq -r '.[] | select(.active) | .name' <<EOF
$(list_users --team sales)
EOF
