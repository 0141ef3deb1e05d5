set -euo pipefail
name=$(get_user --id 7 | jq -r .name)
cat <<EOF
Hello $name,
Your team: $(get_user --id 7 | jq -r .team)
Literal: \$HOME
EOF
cat <<'EOF'
No $expansion here
EOF
