set -euo pipefail
all=(b a c a b d)
sorted=($(printf '%s\n' "${all[@]}" | sort -u))
echo "${sorted[@]}"
echo "${#sorted[@]}"
