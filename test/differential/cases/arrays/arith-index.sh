set -euo pipefail
pairs=(a 1 b 2 c 3)
for ((i = 0; i < ${#pairs[@]} / 2; i++)); do
  echo "${pairs[$((i*2))]}=${pairs[$((i*2+1))]}"
done
