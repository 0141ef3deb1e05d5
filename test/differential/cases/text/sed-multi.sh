set -euo pipefail
printf 'alpha\nbeta\ngamma\ndelta\n' | sed -e '/beta/d' -e 's/a$/A/'
printf 'k=v\n#c\nx=y\n' | sed '/^#/d;s/=/: /'
