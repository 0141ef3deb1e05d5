#!/usr/bin/env bash
set -euo pipefail

# Build a per-team report: members, active count, average score, open orders.
report_team() {
  local team=$1
  local members active avg
  members=$(list_users --team "$team")
  active=$(jq '[.[] | select(.active)] | length' <<< "$members")
  avg=$(jq '[.[].score] | add / length | . * 100 | round / 100' <<< "$members")
  local open=0
  for id in $(jq -r '.[].id' <<< "$members"); do
    n=$(get_orders --user-id "$id" | jq '[.[] | select(.status == "pending" or .status == "shipped")] | length')
    open=$((open + n))
  done
  printf '%-9s members=%d active=%d avg=%s open_orders=%d\n' "$team" "$(jq length <<< "$members")" "$active" "$avg" "$open"
}

for team in platform sales support; do
  report_team "$team"
done
