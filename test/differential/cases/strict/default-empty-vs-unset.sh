set -euo pipefail
empty=""
echo "[${empty:-colon}] [${empty-dash}] [${nothing:-colon}] [${nothing-dash}]"
echo "[${empty:+plus}] [${nothing+plus}] [${empty+set}]"
