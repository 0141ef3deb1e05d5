set -e
get_weather --city Atlantis 2>/dev/null | jq -r .city || echo "fallback"
get_weather --city Atlantis 2>/dev/null | cat
echo "no pipefail: survived"
