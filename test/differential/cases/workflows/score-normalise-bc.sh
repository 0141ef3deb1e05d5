set -euo pipefail
max=$(list_users | jq '[.[].score] | max')
list_users | jq -r '.[] | "\(.name)\t\(.score)"' | while IFS=$'\t' read -r name score; do
  norm=$(echo "scale=3; $score / $max" | bc -l)
  printf '%-14s %s\n' "$name" "$norm"
done
