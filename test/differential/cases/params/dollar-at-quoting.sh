set -euo pipefail
show() { echo "$# args"; for a in "$@"; do echo "<$a>"; done; }
items=("a b" "c")
show "${items[@]}"
show ${items[@]}
show "${items[*]}"
