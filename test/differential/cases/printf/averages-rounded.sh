set -euo pipefail
for t in platform sales support; do
  avg=$(list_users --team "$t" | jq 'map(.score) | add / length')
  printf '%-9s %.2f %.1f %.0f\n' "$t" "$avg" "$avg" "$avg"
done
