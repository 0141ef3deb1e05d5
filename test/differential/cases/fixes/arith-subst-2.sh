set -euo pipefail
# recursion through $(( $(f ...) ))
pow2() { if (( $1 == 0 )); then echo 1; else echo $(( 2 * $(pow2 $(( $1 - 1 ))) )); fi; }
users=$(list_users | jq length)
echo "2^$users = $(pow2 "$users")"
a=$(list_users | jq '[.[] | select(.team == "sales")] | length')
b=$(list_users | jq '[.[] | select(.team == "support")] | length')
if (( $(echo "$a > $b" | wc -l) )); then echo "compared $a and $b"; fi
