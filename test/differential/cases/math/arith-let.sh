set -euo pipefail
let "a = 5 * 3"
let b=a+1 c=b*2
echo "$a $b $c"
