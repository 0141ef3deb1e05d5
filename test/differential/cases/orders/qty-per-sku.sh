set -euo pipefail
declare -A qty=()
for id in $(seq 101 112); do
  while IFS=$'\t' read -r sku n; do
    qty[$sku]=$(( ${qty[$sku]:-0} + n ))
  done <<< "$(get_order --id "$id" | jq -r '.items[] | [.sku, .qty] | @tsv')"
done
for sku in "${!qty[@]}"; do echo "$sku ${qty[$sku]}"; done | sort
