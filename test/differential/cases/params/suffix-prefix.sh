set -euo pipefail
file="report.final.csv"
echo "${file%.*} ${file%%.*} ${file#*.} ${file##*.}"
path="/a/b/c/data.json"
echo "${path##*/} ${path%/*}"
