set -euo pipefail
for p in 0.125 2.5 3.5 1.005 2.675 0.375; do
  printf '%s -> %.2f %.0f\n' "$p" "$p" "$p"
done
