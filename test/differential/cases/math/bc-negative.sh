set -euo pipefail
echo "-2.5 * 4" | bc
echo "scale=2; -7 / 2" | bc
echo "5 - 8.25" | bc
