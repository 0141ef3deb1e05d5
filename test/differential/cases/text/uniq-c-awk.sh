set -euo pipefail
printf '%s\n' x y x z x y | sort | uniq -c | awk '{print $2 ": " $1}'
