#!/usr/bin/env bash
set -euo pipefail

log() { printf '[%s] %s\n' "$1" "$2"; }

main() {
  local team="${1:-support}"
  log INFO "checking team $team"
  local ids
  ids=$(list_users --team "$team" | jq -r '.[].id')
  if [[ -z "$ids" ]]; then
    log WARN "no users"
    return 0
  fi
  local id
  for id in $ids; do
    local n
    n=$(get_orders --user-id "$id" | jq length)
    log INFO "user $id has $n orders"
  done
  log INFO "done"
}

main "$@"
