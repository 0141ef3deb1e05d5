set -euo pipefail
all=$(for id in $(seq 101 112); do get_order --id "$id"; done | jq -s .)
total=$(jq length <<< "$all")
delivered=$(jq '[.[] | select(.status=="delivered")] | length' <<< "$all")
pct=$(echo "scale=1; 100 * $delivered / $total" | bc)
echo "$delivered of $total delivered ($pct%)"
