set -euo pipefail
report=$(list_users | jq -r '.[] | "\(.name)"')
echo "$report" | sed -n '1,/a/p' | sed 's/.*/\u&/'
echo "$report" | sed -E -n '/^[a-c]/,~2p' | sed '1i\== from a-c to an even line' | sed '$a\== end'
echo "$report" | sed 's/a/A/2g;2q3' || echo "quit status $?"
