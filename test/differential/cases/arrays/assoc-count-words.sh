set -euo pipefail
declare -A seen=()
text="to be or not to be that is the question to be"
for w in $text; do
  seen[$w]=$(( ${seen[$w]:-0} + 1 ))
done
for w in "${!seen[@]}"; do echo "${seen[$w]} $w"; done | sort -k1,1nr -k2
