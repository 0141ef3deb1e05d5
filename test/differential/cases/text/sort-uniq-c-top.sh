set -euo pipefail
list_users | jq -r '.[].team' | sort | uniq -c | sort -rn | head -1
