set -euo pipefail
get_user --id 1 > /dev/null
get_user --id 1 &> /dev/null
get_user --id 404 2> /dev/null || echo "404 silenced"
echo "ok" 1>&2 2>/dev/null
echo "done"
