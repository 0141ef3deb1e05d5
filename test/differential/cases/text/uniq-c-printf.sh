set -euo pipefail
list_users | jq -r '.[].team' | sort | uniq -c | while read -r n team; do
  printf '%-10s %d\n' "$team" "$n"
done
