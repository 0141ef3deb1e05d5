// Under `set -u`, a default or alternative form reads an unset variable without aborting (patch
// 0100-nounset-quoted-default), and a reference to an unset variable ends the script as bash ends it.
import { describe, expect, it } from "vitest";
import { againstBash } from "./bash-reference.js";
import { MODES } from "./helpers.js";

// Every default/alternative form, quoted as the whole word, quoted inside a word and unquoted, on scalars, array
// elements, whole arrays and positional parameters.
const DEFAULTS = [
  'set -u; echo "${X:-d}" "${X-d}" "[${X:+a}]" "[${X+a}]"',
  'set -u; echo "${X:-d}"',
  'set -u; echo "${X-d}"',
  'set -u; echo "${X:+a}"',
  'set -u; echo "${X+a}"',
  'set -u; : "${X:=d}"; echo "$X"',
  'set -u; : "${X=d}"; echo "$X"',
  'set -u; echo ${X:-d} ${X-d} [${X:+a}]; : ${Y:=e}; echo "$Y"',
  'set -u; X=; echo "[${X:-d}]" "[${X-d}]" "[${X:+a}]" "[${X+a}]"',
  'set -u; X=5; echo "${X:-d}" "${X:+a}"',
  'set -u; echo "${X:-}" done; echo "a${X:-d}b" "${X:-a}${Y:-b}"',
  'set -euo pipefail\nlimit="${LIMIT:-10}"\nverbose="${VERBOSE:+yes}"\necho "limit=$limit verbose=[$verbose]"',
  'set -euo pipefail\n: "${REGION:=eu-west}"\n: "${RETRIES:=3}"\necho "$REGION x$RETRIES"',
  'set -u; arr=(); echo "[${arr[@]:-}]"; for x in "${arr[@]:-}"; do echo "<$x>"; done',
  'set -u; arr=(); echo "${arr[0]:-x}" "${#arr[@]}"',
  'set -u; arr=(a b); echo "${#arr[@]}" "${arr[0]:-x}" "${arr[5]:-y}" "${arr[1]:+set}"',
  'set -u; echo "${arr[@]:-none}" "${arr[0]:-none}"',
  'set -u; declare -A m; echo "${m[k]:-0}" "[${m[@]:-}]"; m[k]=3; echo "${m[k]:-0}"',
  'set -u; f() { echo "${1:-none}" "${2-two}"; }; f; f a; f a b',
  'set -u; f() { local a=${1:-}; echo "[$a]"; }; f',
  'set -u; f() { echo "${2-none}" "${#}" "${@:-empty}"; }; f x; f',
  'set -euo pipefail\nmain() {\n  local name="${1:-world}"\n  echo "hello $name"\n}\nmain "$@"',
];

describe.each(MODES)("set -u default and alternative forms (%s)", (mode) => {
  it.each(DEFAULTS)("read an unset variable as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
