set -euo pipefail
trap 'echo "cleanup done"' EXIT
echo "working"
