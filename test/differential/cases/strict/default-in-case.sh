set -euo pipefail
case "${MODE:-summary}" in
  summary) list_users | jq length ;;
  full) list_users | jq -c . ;;
esac
