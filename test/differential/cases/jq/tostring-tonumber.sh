set -euo pipefail
jq -n -c '"42" | tonumber, (42 | tostring), ([1,2] | tostring)'
