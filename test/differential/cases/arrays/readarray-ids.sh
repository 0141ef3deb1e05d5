set -euo pipefail
readarray -t ids <<< "$(list_users --active true | jq -r '.[].id')"
sum=0
for id in "${ids[@]}"; do sum=$((sum + id)); done
echo "ids: ${ids[*]} sum: $sum"
