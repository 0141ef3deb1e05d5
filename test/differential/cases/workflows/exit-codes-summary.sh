set -uo pipefail
declare -A codes=()
for args in "--id 1" "--id 99" "--idd 1" "" "--id x"; do
  get_user $args >/dev/null 2>&1
  rc=$?
  codes[$rc]=$(( ${codes[$rc]:-0} + 1 ))
done
for rc in 0 1 2; do echo "exit $rc: ${codes[$rc]:-0}"; done
