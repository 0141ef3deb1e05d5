set -euo pipefail
diff <(list_users --team sales | jq -r '.[].name') <(list_users --active true --team sales | jq -r '.[].name') || echo "differ"
