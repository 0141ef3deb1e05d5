set -euo pipefail
list_users | jq -r '.[].name' | wc -l
echo -n "hello world" | wc -c
echo "one two three" | wc -w
