set -euo pipefail
list_users | jq 'any(.[]; .score > 95), all(.[]; .active)'
