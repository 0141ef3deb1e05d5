set -euo pipefail
skus=($(search_products --query accessories | jq -r '.[].sku'))
printf '<%s>' "${skus[@]}"; echo
printf '%s=%d\n' a 1 b
