set -euo pipefail
s="hello World"
echo "${s^} ${s^^} ${s,,} ${s~~}"
