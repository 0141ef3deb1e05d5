set -euo pipefail
die() { echo "error: $*" >&2; exit 4; }
id=3
user=$(get_user --id "$id") || die "no user $id"
echo "$(jq -r .name <<< "$user")"
get_user --id 30 >/dev/null 2>&1 || die "no user 30"
echo "unreachable"
