set -euo pipefail
rank=0
prev=""
list_users --active true | jq -r 'sort_by(-.score) | .[] | "\(.score) \(.name)"' | while read -r score name; do
  rank=$((rank + 1))
  medal=""
  case $rank in 1) medal=" (gold)" ;; 2) medal=" (silver)" ;; 3) medal=" (bronze)" ;; esac
  printf '%d. %-14s %6.2f%s\n' "$rank" "$name" "$score" "$medal"
done
