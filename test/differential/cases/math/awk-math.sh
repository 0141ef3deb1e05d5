set -euo pipefail
awk 'BEGIN {printf "%.4f %.4f %d\n", sqrt(2), exp(1), int(7.9)}'
awk -v a=7 -v b=2 'BEGIN {print a / b, a % b, a ^ b}'
