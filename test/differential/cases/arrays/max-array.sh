set -euo pipefail
totals=($(for id in $(seq 101 112); do get_order --id "$id" | jq -r '.total | floor'; done))
max=${totals[0]}
for t in "${totals[@]}"; do (( t > max )) && max=$t; done
echo "max: $max"
