set -euo pipefail
for sku in KB-100 ms-200 CB-3000 LT-800; do
  if [[ $sku =~ ^([A-Z]{2})-([0-9]{3})$ ]]; then
    echo "$sku prefix=${BASH_REMATCH[1]} num=${BASH_REMATCH[2]}"
  else
    echo "$sku no match"
  fi
done
