set -euo pipefail
list_users | jq -r '.[].role' | sort | uniq -c | sort -k1,1nr -k2 | awk '{printf "%s=%s\n", $2, $1}'
