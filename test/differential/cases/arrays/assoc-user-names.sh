set -euo pipefail
declare -A name_of=()
while IFS=$'\t' read -r id name; do
  name_of[$id]=$name
done <<< "$(list_users | jq -r '.[] | [.id, .name] | @tsv')"
for id in 7 1 4; do echo "$id => ${name_of[$id]}"; done
