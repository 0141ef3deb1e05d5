get_user --id 3
list_users --team support --active false
get_orders --user-id 4
get_order --id 109
search_products --query AUDIO --limit 1
get_inventory --sku CH-700
send_email --to a@example.com --subject "Hi" --body "Grüße"
create_ticket --title "Überfällig" --priority medium
get_weather --city "Zürich"
get_orders --user-id 6
