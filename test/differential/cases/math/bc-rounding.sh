set -euo pipefail
round() { printf '%.*f' "$2" "$(echo "$1" | bc -l)"; }
echo "$(round '10/3' 2) $(round '2/3' 0) $(round '1/8' 2)"
