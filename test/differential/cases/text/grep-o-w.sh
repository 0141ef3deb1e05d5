set -euo pipefail
echo "ids: 101, 202 and 3030" | grep -oE '[0-9]+'
echo "cat catalog cat" | grep -ow cat | wc -l
