set -euo pipefail
get_order --id 105 | jq -r '.items[] | "\(.sku) x\(.qty)"' | nl
