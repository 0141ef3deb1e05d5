set -euo pipefail
for city in Paris Atlantis Tokyo; do
  if ! w=$(get_weather --city "$city" 2>/dev/null); then
    echo "$city: unavailable"
    continue
  fi
  echo "$city: $(jq -r .conditions <<< "$w")"
done
