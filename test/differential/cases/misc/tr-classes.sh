set -euo pipefail
echo "Order #123: SHIPPED!" | tr -cd '[:alnum:] '
echo
echo "a-b_c d" | tr -c '[:alnum:]' '_'
echo
echo "hello" | tr 'a-y' 'b-z'
