set -euo pipefail
seq 1 6 | head -n -2
