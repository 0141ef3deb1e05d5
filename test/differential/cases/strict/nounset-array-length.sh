set -euo pipefail
declare -a ids=()
echo "count: ${#ids[@]}"
ids+=(3 5)
echo "count: ${#ids[@]} first: ${ids[0]}"
