set -euo pipefail
a=$(printf '%s\n' apple banana cherry)
b=$(printf '%s\n' banana cherry date)
comm -12 <(echo "$a") <(echo "$b")
