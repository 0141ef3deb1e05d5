set -euo pipefail
total=$(list_users | jq length)
active=$(list_users --active true | jq length)
inactive=$(list_users --active false | jq length)
echo "total=$total active=$active inactive=$inactive"
