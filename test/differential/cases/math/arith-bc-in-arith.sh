set -euo pipefail
a=3.7 b=2.9
if (( $(echo "$a > $b" | bc -l) )); then echo "$a is bigger"; fi
count=$(( $(echo "$a > $b" | bc -l) + $(echo "$b > $a" | bc -l) ))
echo "count=$count"
