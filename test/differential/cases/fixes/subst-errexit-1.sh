set -euo pipefail
# errexit is off inside $(...) (no inherit_errexit): the lookup's failed grep does not end the substitution.
lookup() { get_user --id "$1" | jq -r '.name' | grep -q '^A' ; echo "checked $1"; }
for id in 1 2; do
  line=$(lookup "$id")
  echo "$line"
done
count=$(false; echo 3)
echo "count=$count"
