set -euo pipefail
for id in $(seq 101 112); do get_order --id "$id"; done | jq -s -r 'map(select(.total > 200)) | .[] | "big order \(.id): \(.total)"'
