set -euo pipefail
declare -A per_cat=()
for cat in $(search_products --query "" --limit 100 | jq -r '.[].category'); do
  per_cat[$cat]=$(( ${per_cat[$cat]:-0} + 1 ))
done
printf '%s\n' "${!per_cat[@]}" | sort | while read -r k; do echo "$k ${per_cat[$k]}"; done
