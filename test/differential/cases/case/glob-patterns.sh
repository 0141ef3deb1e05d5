set -euo pipefail
for email in $(list_users | jq -r '.[].email'); do
  case "$email" in
    a*|b*) echo "early: $email" ;;
    *@example.com) echo "late: $email" ;;
  esac
done
