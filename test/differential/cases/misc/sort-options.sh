set -euo pipefail
printf '%s\n' banana Apple cherry apple | sort
printf '%s\n' banana Apple cherry apple | sort -f
printf '%s\n' b:2 a:10 c:1 | sort -t: -k2 -n
printf '%s\n' 10 9 100 | sort -r
printf '%s\n' x y x | sort -u | wc -l
