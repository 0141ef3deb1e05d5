for i in 1 2 3; do
  [ "$i" = 2 ] && break
done
echo "status after break: $?"
while true; do
  [[ 1 -eq 2 ]] || break
done
echo "status: $?"
