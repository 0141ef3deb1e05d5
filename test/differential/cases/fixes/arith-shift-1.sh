set -euo pipefail
# a bit set of the delivered order ids, then a here-doc report
mask=0
for id in $(seq 101 112); do
  status=$(get_order --id "$id" | jq -r '.status')
  if [[ $status == delivered ]]; then (( mask |= 1 << (id - 101) )); fi
done
(( high = mask >> 6 ))
cat <<EOF
mask: $mask
high: $high
EOF
