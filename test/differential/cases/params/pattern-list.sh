set -euo pipefail
for sku in KB-100 MS-200 XX-1 CB-300; do
  case $sku in
    [A-Z][A-Z]-[0-9][0-9][0-9]) echo "$sku ok" ;;
    *) echo "$sku bad" ;;
  esac
done
