set -euo pipefail
printf '%s\n' header start a b end footer | sed -n '/start/,/end/p'
printf '%s\n' abc | sed 'y/abc/xyz/'
printf '%s\n' one two three | sed '2i\inserted'
