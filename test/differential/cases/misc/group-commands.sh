set -euo pipefail
{ echo "header"; list_users --team support | jq -r '.[].name'; echo "footer"; } | nl -ba
( cd / 2>/dev/null || true; echo "in subshell" )
