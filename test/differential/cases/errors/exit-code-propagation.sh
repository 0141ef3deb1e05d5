set -uo pipefail
(exit 3)
echo "subshell: $?"
f() { return 7; }
f
echo "function: $?"
! true
echo "negated: $?"
