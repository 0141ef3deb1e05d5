set -euo pipefail
ids=(101 102 103)
ids+=(104)
echo "count=${#ids[@]} first=${ids[0]} last=${ids[-1]} all=${ids[*]}"
echo "slice: ${ids[@]:1:2}"
for i in "${!ids[@]}"; do echo "$i=${ids[$i]}"; done
