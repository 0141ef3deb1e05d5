set -euo pipefail
raw="   padded value   "
trimmed="${raw#"${raw%%[![:space:]]*}"}"
trimmed="${trimmed%"${trimmed##*[![:space:]]}"}"
echo "[$trimmed]"
echo "[$(echo "$raw" | xargs)]"
