set -euo pipefail
for pair in "1.5 1.25" "2 2.0" "0.1 0.2"; do
  read -r x y <<< "$pair"
  echo "$x > $y: $(echo "$x > $y" | bc)"
done
