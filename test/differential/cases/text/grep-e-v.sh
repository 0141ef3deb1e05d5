set -euo pipefail
list_users | jq -r '.[].team' | grep -v -e platform -e support | sort -u
