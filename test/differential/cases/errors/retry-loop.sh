set -euo pipefail
tries=0
until out=$(get_order --id 199 2>/dev/null); do
  tries=$((tries + 1))
  if (( tries >= 3 )); then
    echo "giving up after $tries"
    break
  fi
done
echo "tries=$tries"
