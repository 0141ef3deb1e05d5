set -euo pipefail
ids=($(list_users | jq -r '.[].id'))
echo "last=${ids[-1]} second-last=${ids[-2]} count=${#ids[@]}"
echo "tail: ${ids[@]: -3}"
