set -euo pipefail
echo "a   b    c" | tr -s ' '
echo "Hello, World!" | tr -d '[:punct:]'
echo "abc" | tr 'a-c' 'A-C'
echo "a:b:c" | tr ':' '\n'
