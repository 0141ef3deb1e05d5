set -euo pipefail
echo "stressed" | rev
seq 1 4 | tac
