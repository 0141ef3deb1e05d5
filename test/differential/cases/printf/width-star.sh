set -euo pipefail
w=12
printf '%*s|\n' "$w" right
printf '%-*s|\n' "$w" left
printf '%.*f\n' 3 2.71828
