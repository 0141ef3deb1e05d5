set -euo pipefail
validate_qty() {
  local q=$1
  case $q in
    ''|*[!0-9]*) echo "invalid quantity: '$q'" >&2; return 1 ;;
  esac
  echo "qty=$q"
}
for q in 3 10 x2 '' 4.5; do
  validate_qty "$q" || echo "skipped '$q'"
done
