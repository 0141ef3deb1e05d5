set -euo pipefail
v=256
(( v >>= 4 ))
(( v <<= 1 ))
echo $v
