set -euo pipefail
body=""
for city in London Tokyo; do
  line=$(get_weather --city "$city" | jq -r '"\(.city) \(.temp_c)C"')
  body+="$line"$'\n'
done
printf '%s' "$body"
send_email --to ops@example.com --subject "Weather" --body "$body" | jq -r '"queued \(.bytes) bytes to \(.to)"'
