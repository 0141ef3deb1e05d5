set -euo pipefail
name="temp"
unset name
echo "${name:-gone}"
