set -euo pipefail
mask=$(( 1 << 4 ))
(( mask <<= 1 ))
echo "mask=$mask"
