set -euo pipefail
args=()
[[ -n "${FLAG:-}" ]] && args+=(--active true)
list_users "${args[@]}" | jq length
