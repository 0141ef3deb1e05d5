set -euo pipefail
list_users | jq -r '.[] | [.name, .team, .score] | @tsv' | awk -F'\t' '$3 > 80 {printf "%-14s %s\n", $1, $2}'
