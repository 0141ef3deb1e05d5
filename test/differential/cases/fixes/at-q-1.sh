set -euo pipefail
# Logging each call's arguments shell-quoted, the way models trace a run.
trace() { local line="+"; for a in "$@"; do line+=" ${a@Q}"; done; echo "$line" ; "$@"; }
name=$(get_user --id 2 | jq -r .name)
trace echo "user: $name"
note="it's done"
echo "note=${note@Q}"
eval "copy=${note@Q}"
[ "$copy" = "$note" ] && echo "round trip ok"
