set -e
val=5
if (( val > 10 )); then
  size=big
else
  size=small
fi
echo "size=$size"
