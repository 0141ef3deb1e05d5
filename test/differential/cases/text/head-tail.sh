set -euo pipefail
seq 1 10 | head -3
seq 1 10 | tail -2
seq 1 10 | head -n 4 | tail -n 1
seq 1 10 | tail -n +8
