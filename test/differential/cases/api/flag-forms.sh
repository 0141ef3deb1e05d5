get_user --id=5 | jq -c '{id, name}'
list_users --team=sales --active=false | jq -c 'map(.id)'
search_products --query=mouse --limit=1 | jq -r '.[].sku'
get_orders --user_id 2 | jq -c 'map(.id)'
list_users --active | jq length
