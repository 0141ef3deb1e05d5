set -euo pipefail
a="apple" b="banana" e=""
[[ $a < $b ]] && echo "a<b"
[ -z "$e" ] && echo "empty"
[ -n "$a" ] && echo "nonempty"
[[ $a == app* ]] && echo "prefix"
[[ $a != *z* ]] && echo "no z"
[ "$a" = apple ] && echo "equal"
