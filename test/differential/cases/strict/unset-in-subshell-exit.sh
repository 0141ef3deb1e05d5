set -u
out=$(echo "value: $NOPE")
echo "status: $? out: '$out'"
