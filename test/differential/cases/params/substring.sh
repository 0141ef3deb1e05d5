set -euo pipefail
s="ORDER-2026-00042"
echo "${s:0:5} ${s:6:4} ${s:11} ${s: -5} ${s:(-5):3}"
