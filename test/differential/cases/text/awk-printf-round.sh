set -euo pipefail
awk 'BEGIN {printf "%.2f %.2f %.0f %.0f %.1f\n", 0.125, 0.375, 2.5, 3.5, 70.25}'
