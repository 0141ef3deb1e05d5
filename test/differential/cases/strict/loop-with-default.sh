set -euo pipefail
for id in 1 2 3; do
  label="${LABEL:-user}"
  printf '%s %d: %s\n' "$label" "$id" "$(get_user --id "$id" | jq -r .name)"
done
