set -euo pipefail
# users on either of two teams, by name, then the count
list_users | jq -r '.[] | "\(.team) \(.name)"' | grep -e '^sales ' -e '^support ' | sort
list_users | jq -r '.[].team' | grep -c -e sales -e support
