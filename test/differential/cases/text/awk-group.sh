set -euo pipefail
list_users | jq -r '.[] | "\(.team) \(.score)"' | awk '{sum[$1] += $2; n[$1]++} END {for (t in sum) printf "%s %.2f\n", t, sum[t] / n[t]}' | sort
