set -euo pipefail
i=0
((i++)) || true
echo "i=$i"
((++i))
echo "i=$i"
j=$((i++))
echo "j=$j i=$i"
