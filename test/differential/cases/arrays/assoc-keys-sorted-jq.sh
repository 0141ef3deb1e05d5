set -euo pipefail
declare -A m=([zeta]=1 [alpha]=2 [mid]=3)
for k in "${!m[@]}"; do printf '{"k":"%s","v":%d}\n' "$k" "${m[$k]}"; done | jq -s -c 'sort_by(.k)'
