set -uo pipefail
create_ticket --title "Broken" --priority urgent
echo "exit: $?"
create_ticket --title "Broken"
echo "exit: $?"
