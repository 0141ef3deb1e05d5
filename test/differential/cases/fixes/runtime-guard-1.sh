set -euo pipefail
# A model builds a command at run time and evals it; its redirection fails (no such directory under bash,
# refused in toolshell): the eval fails, the || branch runs, the script goes on.
save() { eval "echo \"\$1\" > /nonexistent/cache/$2" || echo "cache miss for $2"; }
for id in 1 2; do
  name=$(get_user --id "$id" | jq -r '.name')
  save "$name" "user-$id"
  echo "user $id: $name"
done
echo done
