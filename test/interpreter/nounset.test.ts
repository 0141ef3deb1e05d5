// Under `set -u`, a default or alternative form reads an unset variable without aborting (patch
// 0100-nounset-quoted-default), and a reference to an unset variable ends the script as bash ends it.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

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

// A reference to an unset variable ends the script with 127 (1 under set -e) wherever it is, and ends only the
// subshell, command substitution or pipeline element it is in, with 1 (patch 0110-nounset-aborts-script).
const ABORTS = [
  "set -u; echo start; echo $X; echo after",
  'set -u; f() { echo "$1"; }; f; echo after',
  'set -u\nreport() {\n  echo "report for $1"\n  echo "owner: $owner"\n}\nreport sales\necho "not reached"',
  'set -u; g() { echo g; h; echo back; }; h() { echo "$missing"; }; g; echo after',
  "set -u; f() { local v=$X; echo in; }; f; echo after",
  "set -u; { echo $X; }; echo after",
  "set -u; for i in 1 2; do echo $i; echo $X; done; echo after",
  "set -u; while true; do echo $X; done; echo after",
  "set -u; until [ ${n} -gt 2 ]; do n=$((n+1)); done; echo after",
  'set -u; if [ -n "$X" ]; then :; fi; echo after',
  "set -u; for i in 1 2; do case $i in 2) echo $X;; *) echo $i;; esac; done; echo after",
  "set -u; f() { echo $X; }; if f; then echo t; else echo e; fi; echo after",
  "set -u; f() { echo $X; }; f || echo caught; echo after",
  "set -u; echo $X || echo caught; echo after",
  "set -u; [[ $X == a ]]; echo after",
  "set -u; (( X + 1 )); echo after",
  "set -u; let 'y = X + 1'; echo after",
  "set -u; echo $((X + 1)); echo after",
  'set -u; arr=(a); echo "${arr[3]}"; echo after',
  'set -u; declare -A m; echo "${m[k]}"; echo after',
  'set -u; items=(a b); for i in "${!items[@]}"; do echo "${items[$i]} ${tags[$i]}"; done; echo after',
  "set -euo pipefail; echo $X; echo after",
  'set -euo pipefail\nmain() {\n  echo start\n  echo "$CONFIG"\n}\nmain "$@"\necho after',
  "set -eu; f() { echo $X; }; f || echo caught; echo after",
  'set -u; (echo $X; echo in); echo "sub $?"',
  'set -u; (f() { echo $X; }; f; echo in); echo "sub $?"',
  'set -u; x=$(echo ok; echo $X; echo more); echo "[$x] $?"',
  'set -u; x=$(f() { echo $Y; }; f; echo more); echo "[$x] $?"',
  'set -u; echo "$X" | cat; echo "after $?"',
  'set -u; { echo $X; echo in; } | cat; echo "p $? ${PIPESTATUS[*]}"',
  'set -u; f() { echo "$X"; }; f | cat; echo "after $?"',
  'set -u; echo $X | cat; true | echo $Y; echo "${PIPESTATUS[*]}"',
  'set -u; f() { echo $X; }; f | cat; for i in 1; do echo $X; done | cat; echo "${PIPESTATUS[*]}"',
  'set -eu; echo $X | cat; echo "${PIPESTATUS[*]}"',
  // eval runs in the current shell (0114-nounset-in-eval)
  "set -u; eval 'echo start; echo $X; echo in'; echo after",
  'set -u; f() { eval "echo \\$1"; }; f; echo after',
  "set -eu; eval 'echo $X'; echo after",
  "set -u; eval 'x=$(echo $X)'; echo \"after $?\"; (eval 'echo $X'); echo \"sub $?\"; y=$(eval 'echo $X'); echo \"cs $?\"",
  "set -u; eval 'echo ${X:-d}'; eval 'false'; echo $?",
];

// ${X?msg} and ${X:?msg} end the script the same way (status 127, 1 under set -e, "X: msg" on stderr), with or
// without set -u (patch 0111-error-if-unset-status; just-bash exited 1, and a pipeline element ended the script).
const ERROR_IF_UNSET = [
  'echo "${X:?msg}"; echo after',
  ": ${X?m}; echo after",
  "f() { echo ${X?m}; echo in; }; f; echo after $?",
  'set -u; echo "${X?}"',
  "set -u; echo ${X:?}",
  "X=; echo ${X?unset only} done; echo ${X:?empty too} done",
  "set -eu; echo ${X?need X}",
  'set -e\n: "${TOKEN:?set TOKEN first}"\necho after',
  'f() {\n  : "${1:?usage: f NAME}"\n  echo "hi $1"\n}\nf bob\nf\necho after',
  "for i in 1 2; do : ${X?loop}; done; echo after",
  'set -u; (: ${X?boom}); echo $?; v=$(echo ${X:?nope}); echo "v $?"',
  'echo ${X?m} | cat; { echo ${X?m}; } | cat; echo "after $? ${PIPESTATUS[*]}"',
];

describe.each(MODES)("set -u abort (%s)", (mode) => {
  it.each(ABORTS)("ends where and with the status bash ends: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

describe.each(MODES)("${X?msg} (%s)", (mode) => {
  it.each(ERROR_IF_UNSET)("ends the script with the status bash gives: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

// ${#arr[@]} of an array never set ends the script with status 1 under set -u; an empty array counts 0 (patch
// 0112-nounset-array-length). ${!a[*]} and ${!prefix@} in a quoted word read no variable (0113-nounset-array-keys).
const ARRAY_LENGTH = [
  'set -u; echo "${#arr[@]}"; echo after',
  "set -u; echo ${#arr[*]}; echo after",
  'set -u; arr=(); declare -A m=(); x=(a); unset "x[0]"; echo "${#arr[@]} ${#m[@]} ${#x[@]}"',
  "set -u; f() { local -a items=(); echo ${#items[@]}; echo ${#missing[@]}; echo in; }; f; echo after",
  'set -u; (echo ${#arr[@]}); echo "s $?"; echo ${#arr[@]} | cat; echo "${PIPESTATUS[*]}"',
  "echo ${#arr[@]}; echo after",
  'set -euo pipefail\na=(one two three four)\nunset "a[1]"\necho "indices: ${!a[*]} / ${!a[@]}"\ndeclare -A m=([k]=1)\necho "keys: ${!m[@]}"',
  'set -u; pre_a=1; pre_b=2; echo "vars: ${!pre_@}" "${!pre_*}"; echo "none: ${!zz_*}" "[${!nope[@]}]"',
  'set -euo pipefail\nresults=()\nfor r in a b; do results+=("$r"); done\necho "got ${#results[@]}"\necho "failed ${#failures[@]}"',
];

describe.each(MODES)("set -u array length and keys (%s)", (mode) => {
  it.each(ARRAY_LENGTH)("expands or aborts as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
