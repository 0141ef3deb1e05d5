set -euo pipefail
notified=0
skipped=0
while IFS=$'\t' read -r id name email; do
  orders=$(get_orders --user-id "$id" | jq length)
  if [[ $orders -eq 0 ]]; then
    skipped=$((skipped + 1))
    continue
  fi
  resp=$(send_email --to "$email" --subject "We miss you, ${name%% *}" --body "You have $orders past orders.")
  echo "$(jq -r '.status' <<< "$resp") -> $email ($(jq -r .bytes <<< "$resp") bytes)"
  notified=$((notified + 1))
done <<< "$(list_users --active false | jq -r '.[] | [.id, .name, .email] | @tsv')"
echo "notified=$notified skipped=$skipped"
