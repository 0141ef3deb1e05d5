set -euo pipefail
list_orders | jq -r '.[] | "\(.status) \(.total)"' | awk '
  { n[$1]++; sum[$1] += $2; if (length > max) max = length }
  END {
    k = asorti(n, keys)
    for (i = 1; i <= k; i++) printf "%-10s %3d %8d\n", keys[i], n[keys[i]], int(sum[keys[i]] / n[keys[i]])
    print "statuses:", length(n), "longest line:", max > "/dev/stderr"
  }
'
