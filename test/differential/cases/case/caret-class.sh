set -euo pipefail
for s in abc a1; do
  [[ $s == *[^a-z]* ]] && echo "$s: other" || echo "$s: letters"
done
