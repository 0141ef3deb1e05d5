set -euo pipefail
# Debug dumps of state with declare -p, the way models inspect what they built.
declare -A owner=([sales]="$(get_user --id 1 | jq -r .name)")
declare -p owner
declare -A note=(["team lead"]="says \"hi\"")
declare -p note
declare -ra ids=(1 2 3)
declare -p ids
count=2
declare -p count owner
