set -uo pipefail
get_user --id 77 >/dev/null 2>&1
rc=$?
echo "rc=$rc"
get_user --id 1 >/dev/null
echo "rc=$?"
get_user --bogus 1 2>/dev/null
echo "rc=$?"
