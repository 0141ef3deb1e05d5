set -euo pipefail
echo "10 / 3" | bc -l
echo "sqrt(2)" | bc -l
echo "scale=3; sqrt(10)" | bc -l
