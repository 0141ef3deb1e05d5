set -euo pipefail
declare -A limits=([sales]=2)
for team in sales support; do
  n="${limits[$team]:-1}"
  echo "$team -> $n"
  list_users --team "$team" | jq -r --argjson n "$n" '.[:$n][].name'
done
