set -euo pipefail
fetch() {
  local id=$1
  case "$id" in
    *[!0-9]*|'') echo "invalid id: $id" >&2; return 2 ;;
  esac
  get_user --id "$id" | jq -r .name
}
fetch 3
fetch x3 || echo "rejected (status $?)"
fetch 8
