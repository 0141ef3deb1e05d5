set -euo pipefail
name=$(get_user --id 99 2>/dev/null | jq -r .name) || name="nobody"
echo "name=$name"
