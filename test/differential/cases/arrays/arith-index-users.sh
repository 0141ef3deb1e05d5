set -euo pipefail
data=($(list_users | jq -r '.[] | "\(.id) \(.team)"'))
n=$(( ${#data[@]} / 2 ))
for ((i = 0; i < n; i++)); do
  echo "user ${data[$((2*i))]} in ${data[$((2*i+1))]}"
done
