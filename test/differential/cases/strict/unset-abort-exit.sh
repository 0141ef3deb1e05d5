set -euo pipefail
echo "before"
echo "value: $UNDEFINED_VARIABLE"
echo "after"
