set -euo pipefail
printf '%5s|%-5s|%05d|%x|%o|%e\n' ab cd 42 255 8 12345.678
printf '%s\n' one two three
printf '%d items\n' 3
printf '[%8.3f]\n' 3.14159
