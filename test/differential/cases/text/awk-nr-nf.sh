set -euo pipefail
printf 'a b c\nd e\nf\n' | awk '{print NR": "NF" fields, last="$NF}'
printf 'x,y,z\n' | awk -F, -v OFS=';' '{$1=$1; print}'
