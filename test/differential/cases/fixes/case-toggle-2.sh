set -euo pipefail
readarray -t names <<< "$(list_users | jq -r '.[].name | split(" ")[0] | ascii_downcase')"
for n in "${names[@]^}"; do printf '%s ' "$n"; done; echo
echo "${names[*]^^}"
vowels='[aeiou]'
for n in "${names[@]:0:3}"; do echo "${n^^$vowels} ${n^[a-c]}"; done
