set -euo pipefail
roles=$(list_users | jq -r '.[].role' | sort)
echo "dupes: $(uniq -d <<< "$roles" | tr '\n' ' ')"
echo "singles: $(uniq -u <<< "$roles" | tr '\n' ' ')"
