set -euo pipefail
echo "x = 5; y = x * 2; y + 1" | bc
echo "define sq(n) { return n * n; }; sq(12)" | bc
