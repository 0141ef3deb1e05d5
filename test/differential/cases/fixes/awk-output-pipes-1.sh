set -euo pipefail
list_users | jq -r '.[] | "\(.team) \(.id)"' | awk '
  { n[$1]++ }
  END {
    print "== teams"
    for (t in n) printf "%-8s %d\n", t, n[t] | "sort -k2,2nr -k1,1"
    close("sort -k2,2nr -k1,1")
    print "== total " NR
  }
'
