set -euo pipefail
name="Dan O'Brien"
echo "${name@Q}"
arr=(a "b c")
echo "${arr[@]@Q}"
