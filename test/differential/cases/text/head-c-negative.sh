set -euo pipefail
echo "abcdefgh" | head -c -4
echo
