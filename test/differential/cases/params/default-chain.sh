set -euo pipefail
a=""
b="bee"
echo "${a:-${b:-none}} ${c:-${d:-none}}"
