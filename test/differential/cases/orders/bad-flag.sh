set -uo pipefail
get_order --id abc
echo "exit: $?"
get_order --order 101
echo "exit: $?"
get_order 101
echo "exit: $?"
