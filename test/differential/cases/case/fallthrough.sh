set -euo pipefail
for p in high medium low none; do
  case $p in
    high) echo "$p: page someone" ;&
    medium) echo "$p: open ticket" ;;
    low) echo "$p: log it" ;;&
    *) echo "$p: done" ;;
  esac
done
