need() {
  : "${1:?usage: need USER_ID}"
  get_user --id "$1" | jq -r '.name'
}
need 1
echo "config: ${CONFIG_PATH:?CONFIG_PATH must be set}"
echo "not reached"
