set -euo pipefail
for n in 1 2 3; do
  if (( (n << 1) > 3 )); then echo "$n doubled is over 3"; fi
done
