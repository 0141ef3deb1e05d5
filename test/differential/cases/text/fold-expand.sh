set -euo pipefail
echo "abcdefghijklmnopqrstuvwxyz" | fold -w 10
