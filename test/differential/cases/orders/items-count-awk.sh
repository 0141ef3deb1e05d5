set -euo pipefail
for id in $(seq 101 112); do get_order --id "$id" | jq -r '[.id, (.items | map(.qty) | add)] | @tsv'; done | awk -F'\t' '$2 > 1 {print $1 " has " $2 " items"}'
