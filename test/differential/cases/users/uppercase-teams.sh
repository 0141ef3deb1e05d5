set -euo pipefail
list_users | jq -r '.[].team' | sort -u | tr '[:lower:]' '[:upper:]'
