set -euo pipefail
raw="   padded value   "
echo "[$(echo "$raw" | sed 's/^ *//; s/ *$//')]"
