set -uo pipefail
echo "not json" | jq . 2>/dev/null
echo "status $?"
echo '{"a":1}' | jq '.a.b' 2>/dev/null
echo "status $?"
