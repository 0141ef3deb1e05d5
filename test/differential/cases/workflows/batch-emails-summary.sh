set -euo pipefail
declare -A sent_by_team=()
total_bytes=0
while IFS=$'\t' read -r email team; do
  bytes=$(send_email --to "$email" --subject "Quarterly update" --body "Hello $team team" | jq .bytes)
  sent_by_team[$team]=$(( ${sent_by_team[$team]:-0} + 1 ))
  total_bytes=$((total_bytes + bytes))
done <<< "$(list_users --active true | jq -r '.[] | [.email, .team] | @tsv')"
for t in platform sales support; do echo "$t: ${sent_by_team[$t]:-0}"; done
echo "bytes: $total_bytes"
