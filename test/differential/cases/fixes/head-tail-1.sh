set -euo pipefail
# a table without its header and its last row
table=$(list_users | jq -r '["name","team"], (.[] | [.name, .team]) | @tsv')
tail -n +2 <<< "$table" | head -n -1 | cut -f1
echo "---"
head -n -3 <<< "$table" | tail -n 2
