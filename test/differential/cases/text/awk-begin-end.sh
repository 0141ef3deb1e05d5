set -euo pipefail
seq 1 10 | awk 'BEGIN {print "start"} $1 % 3 == 0 {c++} END {print c " multiples of 3"}'
