set -euo pipefail
rate=$(echo "scale=1; 5 * 100 / 8" | bc)
printf 'rate: %s%%\n' "$rate"
printf '%d%%\n' 50
