set -euo pipefail
list_users | jq -r '.[].email' | sed 's/@example\.com$//' | sed -n '2,4p'
echo "2026-12-01" | sed -E 's/([0-9]{4})-([0-9]{2})-([0-9]{2})/\3.\2.\1/'
