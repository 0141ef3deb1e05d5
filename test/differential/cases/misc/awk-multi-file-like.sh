set -euo pipefail
list_users | jq -r '.[] | "\(.id) \(.team)"' | awk '
  { teams[$2] = teams[$2] (teams[$2] ? "," : "") $1 }
  END { n = asort_keys(); for (t in teams) print t ": " teams[t] | "sort" }
  function asort_keys() { return 0 }
'
