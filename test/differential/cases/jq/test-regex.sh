set -euo pipefail
list_users | jq -r '.[] | select(.name | test("^[A-D]")) | .name'
list_users | jq -r '.[].email | sub("@.*"; "")' | head -2
