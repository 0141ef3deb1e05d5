set -euo pipefail
fact() {
  if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi
}
fact 5
fact 10
