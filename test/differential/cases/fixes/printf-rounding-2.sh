set -euo pipefail
# scores with %g and %e, a -v assignment, and the exit status of a bad number
list_users | jq -r '.[].score' | while read -r s; do printf '%g|%.3e|%06.1f\n' "$s" "$s" "$s"; done
printf -v avg '%.1f' 82.25
echo "avg=$avg"
printf '%.2f\n' "12.5x" || echo "status=$?"
