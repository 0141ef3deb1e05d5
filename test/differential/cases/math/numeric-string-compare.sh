set -euo pipefail
v1="1.10" v2="1.9"
if [[ $(printf '%s\n' "$v1" "$v2" | sort -V | head -1) == "$v1" ]]; then echo "$v1 <= $v2 (version)"; fi
if (( $(echo "$v1 < $v2" | bc) )); then echo "$v1 < $v2 (numeric)"; fi
