set -euo pipefail
# everything except admins and agents; roles spelled as flags to grep
roles=$(list_users | jq -r '.[] | "\(.role):\(.name)"')
grep -v -e '^admin:' -e '^agent:' <<< "$roles" | cut -d: -f2
echo "---"
grep -ie ADMIN <<< "$roles" || echo "no admins"
grep --regexp='^engineer:' --regexp '^manager:' <<< "$roles" | wc -l
