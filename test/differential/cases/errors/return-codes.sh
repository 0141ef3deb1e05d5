set -uo pipefail
validate() {
  [[ $1 =~ ^[0-9]+$ ]] || return 2
  (( $1 > 0 )) || return 3
  return 0
}
for v in 5 x 0; do
  validate "$v"
  echo "$v -> $?"
done
