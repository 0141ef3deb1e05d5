set -euo pipefail
for v in 10 -3 +4 1e3; do
  if [[ $v == [0-9]* ]]; then echo "$v starts with digit"; fi
  if [[ $v == [!0-9]* ]]; then echo "$v starts with non-digit"; fi
done
