set -euo pipefail
printf '%s\n' a A b B b | uniq -i
printf '%s\n' a a b | uniq -c | awk '{print $1}'
