set -euo pipefail
list_users | jq -r '.[] | "\(.name)|\(.score)"' | while IFS='|' read -r name score; do
  s=${score%.*}
  if (( s >= 90 )); then b=A
  elif (( s >= 75 )); then b=B
  elif (( s >= 60 )); then b=C
  else b=D; fi
  echo "$b $name"
done | sort
