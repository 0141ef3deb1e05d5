set -euo pipefail
msg="Dear ${NAME:-customer}, your order ${ORDER:-101} is ready."
echo "$msg"
