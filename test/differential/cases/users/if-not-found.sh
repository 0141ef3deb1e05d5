set -euo pipefail
lookup() {
  if ! get_user --id "$1" > /dev/null 2>&1; then
    echo "user $1 not found"
    return 1
  fi
  echo "user $1 exists"
}
lookup 1
lookup 12 || echo "continuing after failure"
