set -euo pipefail
id=100
until get_order --id "$id" >/dev/null 2>&1; do
  echo "no order $id"
  id=$((id + 1))
done
echo "first order: $id"
