set -euo pipefail
ids=$(list_users | jq -r '.[].id' | awk '{ print | "sort -rn | head -n 3" } END { print "count=" NR }')
echo "$ids"
echo "$ids" | awk '/^[0-9]+$/ { cmd = "echo id-" $1 " | tr a-z A-Z"; cmd | getline up; close(cmd); print up }'
