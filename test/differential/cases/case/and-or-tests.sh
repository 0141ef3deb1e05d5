set -euo pipefail
n=5
if [[ $n -gt 1 && $n -lt 10 ]]; then echo "in range"; fi
if [ "$n" -gt 1 ] && [ "$n" -lt 3 ]; then echo "small"; else echo "not small"; fi
if [[ ! $n -eq 4 ]]; then echo "not four"; fi
[ "$n" -eq 5 -o "$n" -eq 6 ] && echo "five or six"
