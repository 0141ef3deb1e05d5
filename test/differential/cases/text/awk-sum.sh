set -euo pipefail
for id in $(seq 101 112); do get_order --id "$id" | jq -r '.total'; done | awk '{s += $1} END {printf "%.2f\n", s}'
