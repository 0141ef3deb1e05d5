set -euo pipefail
echo "start"
get_order --id 999 | jq .
echo "never"
