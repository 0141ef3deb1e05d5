set -euo pipefail
data=$(printf 'id,name\n1,a\n2,b\n3,c\n')
echo "$data" | tail -n +2 | cut -d, -f2
echo "$data" | head -n -1 | tail -n 1
