set -euo pipefail
a=10 b=3
echo "scale=2; $a / $b" | bc
echo "scale=4; $a / $b" | bc
echo "$a / $b" | bc
