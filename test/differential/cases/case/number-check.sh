set -euo pipefail
for v in 42 abc 7x "" 0 12.5; do
  case $v in
    ''|*[!0-9]*) echo "'$v' is not a number" ;;
    *) echo "'$v' is a number" ;;
  esac
done
