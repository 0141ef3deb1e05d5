set -euo pipefail
printf '%.2f\n' 0.125
printf '%.2f\n' 0.375
printf '%.0f\n' 2.5
printf '%.0f\n' 0.5
printf '%.1f\n' 0.25
