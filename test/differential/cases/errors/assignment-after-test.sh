set -euo pipefail
check_team() {
  local t=$1
  [[ "$t" == "sales" ]] && echo "sales team"
  msg="checked $t"
}
for t in sales platform; do
  check_team "$t"
  echo "$msg"
done
