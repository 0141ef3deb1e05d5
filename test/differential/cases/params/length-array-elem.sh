set -euo pipefail
names=($(list_users | jq -r '.[].name | split(" ")[0]'))
for n in "${names[@]}"; do echo "${#n} $n"; done | sort -n | head -3
