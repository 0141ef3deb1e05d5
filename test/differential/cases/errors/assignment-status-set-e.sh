set -e
[[ -f /nonexistent ]] && echo "exists"
result="computed"
echo "$result"
