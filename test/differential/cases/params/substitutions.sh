set -euo pipefail
email=$(get_user --id 2 | jq -r .email)
echo "user: ${email%@*}"
echo "domain: ${email#*@}"
echo "masked: ${email//[aeiou]/*}"
echo "first: ${email/e/E}"
echo "len: ${#email}"
