set -euo pipefail
get_user --id 4 | jq -r '.name | @sh'
get_user --id 4 | jq -r '.name | @uri'
get_user --id 4 | jq -r '{name} | @json'
get_user --id 4 | jq -r '.name | @html'
