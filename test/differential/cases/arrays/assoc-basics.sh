set -euo pipefail
declare -A price=([KB-100]=89.99 [MS-200]=37.2)
price[CB-300]=9.99
echo "${#price[@]} prices"
for k in $(printf '%s\n' "${!price[@]}" | sort); do echo "$k ${price[$k]}"; done
[[ -v price[MS-200] ]] && echo "has MS-200"
[[ -v price[XX-000] ]] || echo "no XX-000"
unset 'price[MS-200]'
echo "${#price[@]} left"
