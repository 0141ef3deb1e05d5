set -euo pipefail
for name in $(list_users | jq -r '.[].name | split(" ")[0]'); do
  printf '%s %s %s\n' "${name~~}" "${name~}" "${name^^}"
done
