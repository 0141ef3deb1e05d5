set -euo pipefail
line="alice:x:1001:1001:Alice:/home/alice:/bin/bash"
IFS=: read -r user _ uid gid gecos home shell <<< "$line"
echo "$user $uid $home"
old=$IFS
IFS=:
set -- $line
IFS=$old
echo "$# fields, 5th=$5"
