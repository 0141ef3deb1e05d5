set -euo pipefail
names=("Alice Martin" "Bob Chen" "Grace Lee")
(IFS=,; echo "${names[*]}")
joined=$(IFS='|'; echo "${names[*]}")
echo "$joined"
printf -v csv '%s;' "${names[@]}"
echo "${csv%;}"
