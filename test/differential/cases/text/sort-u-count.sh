set -euo pipefail
n=$(list_users | jq -r '.[].team' | sort -u | wc -l)
echo "$n teams"
