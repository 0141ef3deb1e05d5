set -euo pipefail
for t in jq get_user awk; do
  command -v "$t" >/dev/null 2>&1 || { echo "missing $t"; exit 1; }
done
echo "all tools present"
