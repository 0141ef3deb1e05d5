set -euo pipefail
line=$(printf '%*s' 20 '' | tr ' ' '=')
echo "$line"
printf -- '-%.0s' {1..10}; echo
