set -euo pipefail
names=()
while read -r n; do names+=("$n"); done <<< "$(list_users | jq -r '.[].name')"
last=$(( ${#names[@]} - 1 ))
echo "first=${names[0]} last=${names[$last]} also=${names[$(( ${#names[@]} - 1 ))]}"
for ((i = 0; i + 1 < ${#names[@]}; i += 2)); do
  echo "pair: ${names[$i]} & ${names[$((i + 1))]}"
done
pick() { echo $(( $1 % ${#names[@]} )); }
echo "picked ${names[$(pick 5)]}"
