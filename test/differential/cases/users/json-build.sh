set -euo pipefail
user=$(get_user --id 4)
jq -n --argjson u "$user" --arg note "vip" '{id: $u.id, display: ($u.name | ascii_upcase), note: $note}' -c
