set -euo pipefail
page_size=3
all=$(search_products --query "" --limit 100)
count=$(jq length <<< "$all")
pages=$(( (count + page_size - 1) / page_size ))
for ((p = 0; p < pages; p++)); do
  start=$((p * page_size))
  echo "page $((p + 1))/$pages: $(jq -r --argjson s "$start" --argjson n "$page_size" '.[$s:$s+$n] | map(.sku) | join(" ")' <<< "$all")"
done
