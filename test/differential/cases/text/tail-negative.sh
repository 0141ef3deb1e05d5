set -euo pipefail
seq 1 6 | tail -n -2
