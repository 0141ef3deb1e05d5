set -euo pipefail
list_users | jq -r '.[] | "\(.name): \(if .score >= 90 then "A" elif .score >= 75 then "B" else "C" end)"'
