set -euo pipefail
main() {
  local region="${1:-eu}"
  echo "region $region"
  echo "token ${API_TOKEN}"
}
main "$@"
