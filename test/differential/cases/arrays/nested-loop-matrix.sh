set -euo pipefail
teams=(platform sales support)
states=(true false)
for t in "${teams[@]}"; do
  row="$t"
  for s in "${states[@]}"; do
    row+=" $(list_users --team "$t" --active "$s" | jq length)"
  done
  echo "$row"
done
