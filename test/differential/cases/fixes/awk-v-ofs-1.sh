set -euo pipefail
list_users | jq -r '.[] | "\(.id) \(.name)"' | awk -v OFS=',' '{ $1 = "user" $1; print }'
list_users | jq -r '.[] | [.id, .name] | @tsv' | awk -F'\t' -v OFS=' | ' -v ORS=';\n' '{ $1 = $1; print }'
