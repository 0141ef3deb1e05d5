set -euo pipefail
printf '%s=%s\n' a 1 b 2 c 3
printf '%s, ' x y z; echo
