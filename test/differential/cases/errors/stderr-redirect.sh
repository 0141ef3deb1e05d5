set -uo pipefail
out=$(get_user --id 99 2>&1)
echo "captured ${#out} chars, status $?"
get_user --id 99 2>/dev/null
echo "quiet: $?"
