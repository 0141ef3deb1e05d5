set -euo pipefail
printf '%s\n' "-x flag" "plain" "--long" | grep -e '-x' -e '--long'
