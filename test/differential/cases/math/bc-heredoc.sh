set -euo pipefail
price=49.5
qty=3
bc <<EOF
scale=2
total = $price * $qty
total * 1.08
EOF
