set -euo pipefail
f() {
  if [[ -n "${1:+x}" ]]; then echo "got $1"; else echo "no arg"; fi
}
f
f hello
