set -euo pipefail
get_user --id 2 | jq -r '.email | ltrimstr("bob") | rtrimstr(".com")'
get_user --id 2 | jq -r '.name | ascii_downcase | split(" ") | map(.[0:1] | ascii_upcase) | join("")'
get_user --id 2 | jq -r '[.name | splits(" ")] | length'
get_user --id 2 | jq -r '.name | test("chen"; "i")'
