set -euo pipefail
declare -A seen=()
for w in a b a c a b; do
  let "seen[$w]=${seen[$w]:-0}+1"
done
echo "a=${seen[a]} b=${seen[b]} c=${seen[c]}"
