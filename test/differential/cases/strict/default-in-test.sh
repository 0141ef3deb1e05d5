set -euo pipefail
if [[ "${CITY:-}" == "" ]]; then
  echo "no city given, using London"
fi
get_weather --city "${CITY:-London}" | jq -r .conditions
