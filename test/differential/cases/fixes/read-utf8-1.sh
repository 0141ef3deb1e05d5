set -euo pipefail
list_users | jq -r '.[] | "\(.id) \(.name)"' | while read -r id first last; do
  echo "$id ${first^^} ${#first} ${last:0:3} ${#last}"
done
readarray -t names <<< "$(list_users | jq -r '.[].name')"
for n in "${names[@]}"; do [[ ${#n} -gt 10 ]] && echo "long: $n (${#n})"; done
echo done
