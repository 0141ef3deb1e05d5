set -euo pipefail
for i in {1..5}; do echo -n "$i "; done; echo
for i in {10..0..5}; do echo -n "$i "; done; echo
for l in {a..e}; do echo -n "$l"; done; echo
echo {x,y}{1,2}
