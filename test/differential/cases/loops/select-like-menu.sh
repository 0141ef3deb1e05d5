set -euo pipefail
options=("list" "count" "quit")
for choice in count list quit; do
  case $choice in
    list) list_users --team support | jq -r '.[].name' ;;
    count) list_users | jq length ;;
    quit) echo bye; break ;;
  esac
done
