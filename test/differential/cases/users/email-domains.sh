set -euo pipefail
list_users | jq -r '.[].email' | cut -d@ -f2 | sort | uniq -c
