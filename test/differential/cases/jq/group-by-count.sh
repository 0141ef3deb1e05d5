set -euo pipefail
search_products --query "" --limit 100 | jq -c 'group_by(.category) | map({(.[0].category): length}) | add'
