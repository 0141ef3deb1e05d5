set -euo pipefail
search_products --query "" --limit 100 | jq -r 'group_by(.category)[] | "\(.[0].category) \(map(.price) | add / length | . * 100 | round / 100)"'
