set -euo pipefail
total=0
skipped=0
while read -r line; do
  [[ -z $line ]] && { skipped=$((skipped + 1)); continue; }
  [[ $line == \#* ]] && continue
  total=$((total + ${line#*=}))
done <<< "a=3

# comment
b=4"
echo "total=$total skipped=$skipped"
n=0
until [ "$n" -ge 4 ]; do
  n=$((n + 1))
  [ "$n" -eq 9 ] && echo "never"
done
echo "n=$n status=$?"
