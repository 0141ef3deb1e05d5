set -euo pipefail
echo "2^10" | bc
echo "17 % 5" | bc
echo "scale=0; 17 % 5" | bc
