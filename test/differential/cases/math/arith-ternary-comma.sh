set -euo pipefail
a=5 b=9
max=$(( a > b ? a : b ))
echo "max=$max"
(( x = 3, y = x * 2 ))
echo "x=$x y=$y"
