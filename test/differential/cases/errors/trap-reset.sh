set -euo pipefail
trap 'echo first' EXIT
trap 'echo second' EXIT
echo body
