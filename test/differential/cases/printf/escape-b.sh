set -euo pipefail
printf '%b\n' 'tab:\there' 'nl:\\n'
printf 'a\tb\n'
echo -e "x\ty"
echo -n "no newline"; echo
