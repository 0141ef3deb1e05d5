set -euo pipefail
echo "obase=2; 10" | bc
echo "obase=16; 255" | bc
echo "ibase=16; FF" | bc
echo "ibase=2; 1010" | bc
