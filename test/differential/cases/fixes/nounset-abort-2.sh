set -u
names=$(list_users | jq -r '.[].name' | head -2)
while read -r name; do
  echo "user: $name"
done <<< "$names"
total=$( echo "$names" | wc -l; echo "$undefined_total" )
echo "substitution status $? [$total]"
( echo "in subshell: $missing" )
echo "subshell status $?"
for n in $names; do
  [[ $n == "$target" ]] && echo found
done
echo "not reached"
