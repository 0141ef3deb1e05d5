set -euo pipefail
echo "id,user,status,total"
for id in 101 103 107 110; do
  get_order --id "$id" | jq -r '[.id, .user_id, .status, .total] | @csv'
done
