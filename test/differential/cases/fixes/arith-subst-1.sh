set -euo pipefail
# a helper function used inside arithmetic
item_count() { get_order --id "$1" | jq '.items | length'; }
total=0
for id in 101 102 103 104; do
  total=$(( total + $(item_count "$id") ))
done
echo "items: $total"
if (( $(item_count 101) > 1 )); then echo "101 has several items"; else echo "101 has one item"; fi
