set -euo pipefail
active=$(list_users --active true | jq length)
total=$(list_users | jq length)
pct=$(echo "scale=2; $active * 100 / $total" | bc)
echo "active: $pct%"
