set -euo pipefail
raw='Order #A-1042 (rush)'
id=${raw//[!0-9]/}
slug=${raw//[![:alnum:]]/_}
echo "id=$id slug=$slug"
if [[ $id != *[!0-9]* && -n $id ]]; then echo "numeric id"; fi
first=${raw%%[![:alpha:]]*}
echo "first word: $first"
