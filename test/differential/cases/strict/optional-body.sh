set -euo pipefail
send() {
  local to=$1 subject=$2
  local body="${3:-}"
  if [[ -n "$body" ]]; then
    send_email --to "$to" --subject "$subject" --body "$body"
  else
    send_email --to "$to" --subject "$subject"
  fi
}
send alice@example.com "Weekly" | jq -c .
send bob@example.com "Weekly" "Numbers attached" | jq -r .bytes
