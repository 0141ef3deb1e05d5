set -euo pipefail
jq -n --arg a 1 --arg b two '$ARGS.named' -c
jq -n -c '$ARGS.positional' --args x y z
