set -euo pipefail
catalog=$(search_products --query "" --limit 100)
for id in 101 105 111; do
  get_order --id "$id" | jq -r --argjson cat "$catalog" '
    .id as $oid
    | .items[]
    | . as $it
    | ($cat[] | select(.sku == $it.sku)) as $p
    | "\($oid)\t\($p.name)\t\($it.qty)\t\($p.price * $it.qty * 100 | round / 100)"'
done | column -t -s $'\t'
