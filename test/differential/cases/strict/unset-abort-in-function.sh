set -u
report() {
  echo "report for $1"
  echo "owner: $owner"
}
report sales
echo "not reached"
