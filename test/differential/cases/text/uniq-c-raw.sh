set -euo pipefail
printf '%s\n' a a b c c c | uniq -c
