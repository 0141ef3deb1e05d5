set -euo pipefail
sent=0
for email in $(list_users --active true --team platform | jq -r '.[].email'); do
  send_email --to "$email" --subject "Maintenance tonight" --body "Platform maintenance at 22:00" >/dev/null
  sent=$((sent + 1))
done
echo "sent $sent emails"
