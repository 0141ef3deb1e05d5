set -euo pipefail
validate_priority() {
  case $1 in
    low|medium|high) return 0 ;;
    *) echo "invalid priority: $1" >&2; return 1 ;;
  esac
}
open_ticket() {
  local title=$1 priority=${2:-medium}
  validate_priority "$priority" || return 2
  create_ticket --title "$title" --priority "$priority" | jq -r .id
}
open_ticket "Printer jam"
open_ticket "Server down" high
open_ticket "Typo" trivial || echo "rejected with $?"
