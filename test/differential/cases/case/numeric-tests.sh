set -euo pipefail
x=10 y=9
[ "$x" -gt "$y" ] && echo gt
[ "$x" -ge 10 ] && echo ge
[[ $x -ne $y ]] && echo ne
(( x != y )) && echo "arith ne"
[ "$x" -le 9 ] || echo "not le"
