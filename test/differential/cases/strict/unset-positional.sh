set -euo pipefail
main() {
  local user_id=$1
  get_user --id "$user_id" | jq -r .email
}
main 2
main
