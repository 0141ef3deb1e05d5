set -euo pipefail
greet() {
  local who="${1:-stranger}"
  local punct="${2:-!}"
  echo "Hello, ${who}${punct}"
}
greet
greet Alice
greet Bob "?"
