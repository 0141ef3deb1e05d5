set -euo pipefail
# A lookup table declared with quoted values, read back per key.
declare -A labels=([active]="Active user" [inactive]="Not active (disabled)")
show() {
  local -A widths=([name]="20" [team]="sales team")
  local id=$1 name active
  name=$(get_user --id "$id" | jq -r .name)
  active=$(get_user --id "$id" | jq -r 'if .active then "active" else "inactive" end')
  printf '%s: %s [%s]\n' "$name" "${labels[$active]}" "${widths[team]}"
}
show 1
show 2
