set -euo pipefail
for city in London Paris Tokyo Zürich Sydney "New York"; do get_weather --city "$city"; done \
  | jq -s -r 'sort_by(.temp_c) | .[] | [.city, .temp_c, .humidity] | @tsv'
