set -euo pipefail
# mixed case and punctuation sort by code point; -f folds to upper case; -u keeps the first of equal keys
names=$(list_users | jq -r '.[].name')
printf '%s\n' "$names" "_system" "alice martin" "Zed" | sort
echo ---
printf '%s\n' "$names" "_system" "alice martin" | sort -f -u
echo ---
list_users | jq -r '.[] | "\(.team) \(.name)"' | sort -u -k1,1
