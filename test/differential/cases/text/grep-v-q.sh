set -euo pipefail
teams=$(list_users | jq -r '.[].team')
if grep -q support <<< "$teams"; then echo "has support"; fi
grep -v platform <<< "$teams" | sort -u
grep -qx marketing <<< "$teams" || echo "no marketing"
