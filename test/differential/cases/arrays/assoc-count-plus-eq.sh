set -euo pipefail
declare -A seen=()
for w in to be or not to be; do
  (( seen[$w] += 1 ))
done
for w in to be or not; do echo "$w ${seen[$w]}"; done
