set -euo pipefail
echo "alpha-beta-gamma" | awk '{n = split($0, parts, "-"); print n, parts[2]}'
echo "hello world" | awk '{gsub(/o/, "0"); print}'
echo "find the needle here" | awk '{print index($0, "needle")}'
echo "order 12345 shipped" | awk 'match($0, /[0-9]+/) {print substr($0, RSTART, RLENGTH)}'
awk 'BEGIN {s = sprintf("%05.1f|%-4s|%x", 3.14159, "ab", 255); print s}'
