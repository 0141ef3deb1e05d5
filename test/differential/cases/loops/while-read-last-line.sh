set -euo pipefail
data=$'a 1\nb 2\nc 3'
while read -r k v; do
  echo "$k=$v"
done <<< "$data"
printf 'x 9\ny 8' | while read -r k v || [[ -n "$k" ]]; do echo "$k=$v"; done
