set -euo pipefail
printf -v padded '%05d' 42
printf -v money '%.2f' 3.14159
echo "$padded $money"
