set -euo pipefail
list_users | jq -c 'map(select(.active and .score > 80)) | map({name, score})'
