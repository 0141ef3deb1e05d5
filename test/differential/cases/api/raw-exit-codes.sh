for call in "get_user --id 0" "get_order --id 1" "get_inventory --sku SP-110" "get_weather --city Mars" \
  "get_orders --user-id 77" "get_user" "get_user --id one" "get_user --id 1 --verbose" "list_users --active maybe" \
  "create_ticket --title x --priority urgent" "search_products --query a --limit 0" "send_email --subject s"; do
  $call >/dev/null 2>&1
  echo "$call -> $?"
done
