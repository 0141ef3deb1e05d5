set -euo pipefail
expr_text="3 + 4"
echo $(( $(echo "$expr_text") * 2 ))
echo $(( $(echo 2*3) + 1 ))
