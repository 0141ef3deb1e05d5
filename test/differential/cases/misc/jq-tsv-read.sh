set -euo pipefail
while IFS=$'\t' read -r id name score; do
  printf '%3d %-14s %6.2f\n' "$id" "$name" "$score"
done <<< "$(list_users --team platform | jq -r '.[] | [.id, .name, .score] | @tsv')"
