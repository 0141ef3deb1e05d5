trap 'echo "command failed: $?"' ERR
false
echo "continuing"
get_weather --city Nowhere 2>/dev/null
echo "done"
