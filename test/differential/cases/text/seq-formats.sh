set -euo pipefail
seq 3
seq 2 5
seq 0 0.5 2
seq -s, 1 5
seq -w 8 11
