set -euo pipefail
list_users | jq -c 'map(.score | floor), map(.score | round), map(.score * 10 | floor / 10)'
