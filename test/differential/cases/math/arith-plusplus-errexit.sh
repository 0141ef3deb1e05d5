set -e
count=0
((count++))
echo "count=$count"
