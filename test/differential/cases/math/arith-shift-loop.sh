set -euo pipefail
flags=0
for bit in 0 2 5; do
  (( flags |= 1 << bit ))
done
echo "flags=$flags"
for bit in 0 1 2 3 4 5; do
  if (( flags & (1 << bit) )); then echo "bit $bit set"; fi
done
