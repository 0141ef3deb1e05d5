set -euo pipefail
declare -a arr=(1 2 3)
declare -A map=([k]=v)
s="text"
declare -p arr map s
