set -euo pipefail
prefix="${PREFIX:-ORD-}"
echo "${#prefix}"
echo "${prefix}$(get_order --id 103 | jq -r .id)"
