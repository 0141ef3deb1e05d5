set -euo pipefail
verbose="${VERBOSE:+yes}"
echo "verbose='${verbose}'"
flag="${DEBUG:+--debug}"
echo "flag='$flag'"
