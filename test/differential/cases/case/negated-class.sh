set -euo pipefail
for s in abc ABC a1 '#x'; do
  case $s in
    *[!a-z]*) echo "$s has non-lowercase" ;;
    *) echo "$s all lowercase" ;;
  esac
done
