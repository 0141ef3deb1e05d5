set -euo pipefail
echo -e "ID\tNAME\tTEAM"
list_users | jq -r '.[] | [.id, .name, .team] | @tsv'
