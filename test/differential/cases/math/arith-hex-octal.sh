set -euo pipefail
echo $((16#ff)) $((0x10)) $((010)) $((2#1011)) $((10#08))
