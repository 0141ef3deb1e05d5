set -e
check() {
  get_user --id "$1" >/dev/null 2>&1
}
if check 50; then echo "50 exists"; else echo "50 missing"; fi
check 1 && echo "1 exists"
check 51 || echo "51 missing"
echo "still running"
