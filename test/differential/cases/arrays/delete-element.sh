set -euo pipefail
a=(one two three four)
unset 'a[1]'
echo "${#a[@]}: ${a[*]}"
echo "indices: ${!a[*]}"
a=("${a[@]}")
echo "reindexed: ${!a[*]}"
