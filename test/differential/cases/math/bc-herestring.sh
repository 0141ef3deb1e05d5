set -euo pipefail
x=$(bc <<< "scale=2; 7 / 8")
echo "x=$x"
printf '%.3f\n' "$(bc -l <<< '1/7')"
