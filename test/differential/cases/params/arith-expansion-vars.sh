set -euo pipefail
a=7 b=3
echo "$((a + b)) $((a - b)) $((a * b)) $((a / b)) $((a % b)) $((a ** 2))"
echo "$(( (a + b) * 2 )) $(( a > b ? a : b ))"
