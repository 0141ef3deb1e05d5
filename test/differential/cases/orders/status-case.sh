set -euo pipefail
for id in $(seq 101 112); do
  status=$(get_order --id "$id" | jq -r .status)
  case "$status" in
    delivered) icon="[x]" ;;
    shipped|pending) icon="[ ]" ;;
    cancelled) icon="[-]" ;;
    *) icon="[?]" ;;
  esac
  echo "$icon $id $status"
done
