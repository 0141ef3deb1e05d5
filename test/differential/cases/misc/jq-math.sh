set -euo pipefail
jq -n '[1,2,3,4] | (add / length), (map(. * .) | add | sqrt | . * 1000 | floor), (max - min)'
jq -n '10 % 3, (7 / 2 | floor), (7 / 2 | ceil), (-7 / 2 | round), (2 | pow(.; 10))'
