set -euo pipefail
x=1
(( x <<= 4 ))
echo "x=$x"
(( x >>= 2 ))
echo "x=$x"
y=$(( x << 3 ))
echo "y=$y"
