set -euo pipefail
for id in $(seq 101 112); do
  order=$(get_order --id "$id")
  total=$(jq -r .total <<< "$order")
  if (( $(echo "$total > 200" | bc -l) )); then
    echo "big order $id: $total"
  fi
done
