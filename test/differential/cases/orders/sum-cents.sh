set -euo pipefail
cents=0
for t in $(get_orders --user-id 4 | jq -r '.[].total'); do
  whole=${t%.*}
  frac=${t#*.}
  [[ "$t" == *.* ]] || frac=0
  frac=${frac}00
  frac=${frac:0:2}
  cents=$(( cents + whole * 100 + 10#$frac ))
done
printf 'total: %d.%02d\n' $((cents / 100)) $((cents % 100))
