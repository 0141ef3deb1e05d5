set -uo pipefail
search_products --query mouse --limit 0
echo "status $?"
search_products --query mouse --limit two
echo "status $?"
search_products --limit 2
echo "status $?"
