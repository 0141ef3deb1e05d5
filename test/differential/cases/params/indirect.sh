set -euo pipefail
team_platform=3
team_sales=3
for t in platform sales; do
  var="team_$t"
  echo "$t ${!var}"
done
