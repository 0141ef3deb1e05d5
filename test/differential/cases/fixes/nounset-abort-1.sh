set -u
summarize() {
  local count
  count=$(list_users | jq 'length')
  echo "users: $count"
  echo "owner: $OWNER"
  echo "not reached"
}
summarize
echo "not reached either"
