set -euo pipefail
attempt=0
max=3
until [ "$attempt" -ge "$max" ]; do
  attempt=$((attempt + 1))
  echo "attempt $attempt"
  if get_weather --city "Tokyo" >/dev/null 2>&1; then
    echo "ok"
    break
  fi
done
