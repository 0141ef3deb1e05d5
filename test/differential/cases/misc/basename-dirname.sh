set -euo pipefail
p="/data/reports/2026/summary.csv"
echo "$(basename "$p") $(basename "$p" .csv) $(dirname "$p")"
