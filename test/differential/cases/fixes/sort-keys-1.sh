set -euo pipefail
# teams by head count, ties by name: uniq -c's padded counts as sort's first key
list_users | jq -r '.[].team' | sort | uniq -c | sort -k1,1nr -k2 | while read -r n team; do
  printf '%-10s %s\n' "$team" "$n"
done
