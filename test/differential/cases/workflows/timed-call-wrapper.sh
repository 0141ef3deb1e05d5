set -euo pipefail
quiet() { "$@" 2>/dev/null; }
if quiet get_order --id 102 >/dev/null; then echo "102 ok"; fi
if ! quiet get_order --id 999; then echo "999 missing"; fi
