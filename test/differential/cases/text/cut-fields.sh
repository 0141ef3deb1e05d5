set -euo pipefail
list_users | jq -r '.[] | [.id, .name, .team] | @tsv' | cut -f2,3
list_users | jq -r '.[] | [.id, .email] | join(":")' | cut -d: -f2 | cut -c1-5
