set -euo pipefail
contains() {
  local needle=$1; shift
  local item
  for item in "$@"; do [[ "$item" == "$needle" ]] && return 0; done
  return 1
}
teams=(platform sales)
for t in sales support; do
  if contains "$t" "${teams[@]}"; then echo "$t: yes"; else echo "$t: no"; fi
done
