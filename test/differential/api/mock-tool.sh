#!/usr/bin/env bash
# The mock tool API of the differential suite, for GNU bash: `mock-tool.sh <tool> [flags]` answers from
# fixtures.json exactly as toolshell's command for that tool does (tools.ts): compact JSON and a newline on stdout,
# exit 1 with a message on stderr when the tool fails, exit 2 for flags that do not fit the tool's schema.
# The runner puts one executable per tool on PATH that execs this script. Only stdout and the exit code are
# compared; stderr's wording is toolshell's own.
set -uo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
fixtures=$here/fixtures.json
tool=$1
shift

usage() { echo "$tool: $*" >&2; exit 2; }

# name, type, required, enum (a|b), minimum: unit-separated, one line per property of the tool's input schema.
# The runner's executables pass these lines in MOCK_SCHEMA (one jq start less per call); else they are read here.
schema=${MOCK_SCHEMA-}
[[ -n $schema ]] || schema=$(jq -r --arg t "$tool" '.tools[$t].inputSchema as $s | $s.properties | to_entries[] |
  [.key, .value.type, (if (.key | IN($s.required[]?)) then "1" else "0" end),
   ((.value.enum // []) | join("|")), (.value.minimum // "" | tostring)] | join("\u001f")' "$fixtures") || exit 70
declare -A type required enum minimum value
while IFS=$'\x1f' read -r name kind req allowed low; do
  type[$name]=$kind required[$name]=$req enum[$name]=$allowed minimum[$name]=$low
done <<<"$schema"

while (($#)); do
  token=$1
  shift
  [[ $token == --* ]] || usage "unexpected argument '$token': every value needs its flag"
  body=${token#--}
  inline=
  has_inline=0
  if [[ $body == *=* ]]; then inline=${body#*=} body=${body%%=*} has_inline=1; fi
  name=${body//-/_}
  [[ -n ${type[$name]+set} ]] || usage "unknown flag --$body"
  if [[ ${type[$name]} == boolean ]]; then
    if ((has_inline)); then
      v=$inline
    elif [[ ${1-} == true || ${1-} == false ]]; then
      v=$1
      shift
    else
      v=true
    fi
    [[ $v == true || $v == false ]] || usage "--$body: expected true or false, got '$v'"
    value[$name]=$v
    continue
  fi
  if ((has_inline)); then
    v=$inline
  elif (($#)) && [[ $1 != --* ]]; then
    v=$1
    shift
  else
    usage "--$body needs a value"
  fi
  if [[ ${type[$name]} == integer ]]; then
    [[ $v =~ ^-?[0-9]+$ ]] || usage "--$body: expected an integer, got '$v'"
    sign=
    [[ $v == -* ]] && sign=- v=${v#-}
    v=$sign$((10#$v))
    [[ -z ${minimum[$name]} ]] || ((v >= minimum[$name])) || usage "--$body: expected at least ${minimum[$name]}"
  elif [[ -n ${enum[$name]} ]]; then
    [[ "|${enum[$name]}|" == *"|$v|"* ]] || usage "--$body: expected one of ${enum[$name]}, got '$v'"
  fi
  value[$name]=$v
done

for name in "${!type[@]}"; do
  [[ ${required[$name]} == 0 || -n ${value[$name]+set} ]] || usage "missing required flag --${name//_/-}"
done

args=()
for name in "${!value[@]}"; do
  if [[ ${type[$name]} == string ]]; then args+=(--arg "$name" "${value[$name]}"); else args+=(--argjson "$name" "${value[$name]}"); fi
done

exec jq -c --arg tool "$tool" "${args[@]}" '
  def fail(message): "\($tool): \(message)\n" | halt_error(1);
  def user($id): (.users[] | select(.id == $id)) // fail("no user with id \($id)");
  $ARGS.named as $p
  | if $tool == "get_user" then user($p.id)
    elif $tool == "list_users" then
      [.users[] | select(($p.team == null or .team == $p.team) and ($p.active == null or .active == $p.active))]
    elif $tool == "get_orders" then user($p.user_id) as $u | [.orders[] | select(.user_id == $p.user_id)]
    elif $tool == "get_order" then (.orders[] | select(.id == $p.id)) // fail("no order with id \($p.id)")
    elif $tool == "search_products" then
      ($p.query | ascii_downcase) as $q
      | [.products[] | select((.name | ascii_downcase | contains($q)) or (.category | ascii_downcase | contains($q)))]
      | .[0:($p.limit // 10)]
    elif $tool == "get_inventory" then .inventory[$p.sku] // fail("no inventory for sku \($p.sku)")
    elif $tool == "send_email" then
      {status: "queued", to: $p.to, subject: $p.subject, bytes: ($p.body // "" | utf8bytelength)}
    elif $tool == "create_ticket" then
      {id: "TCK-\(1000 + ($p.title | utf8bytelength))", title: $p.title, priority: $p.priority, status: "open"}
    elif $tool == "get_weather" then .weather[$p.city] // fail("unknown city: \($p.city)")
    else fail("no such tool") end
' "$fixtures"
