set -euo pipefail
declare -A per_user=()
for u in 1 2 3; do
  n=$(get_orders --user-id "$u" | jq length)
  (( per_user[$u] += n ))
  per_user[total]=$(( per_user[total] + n ))
done
echo "total=${per_user[total]}"
declare -A missing
echo "missing=$(( missing[x] + 1 ))"
echo not-reached
