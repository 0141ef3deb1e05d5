set -u
declare -A cfg=([host]=api)
echo "host=${cfg[host]}"
echo "port=${cfg[port]}"
echo "unreachable"
