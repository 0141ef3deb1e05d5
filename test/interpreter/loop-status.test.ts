// Patches 0402-loop-status-after-break and 0403-loop-errexit-after-condition: a loop's exit status is GNU bash's.
// After `break` or `continue` it is 0 (their own status), not the last failure before them, so
// `for ...; do [ ... ] && break; done` no longer ends 1 and no longer aborts a `set -e` script; a while/until loop
// whose last body command failed where set -e is ignored (`[ ... ] && x`) no longer aborts the script once its
// condition has run again; a loop that is a pipeline stage still does (it is a subshell there, as in bash).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const BREAK = [
  `for i in 1 2 3; do [ "$i" -eq 2 ] && break; done; echo "status=$?"`,
  `set -e; for i in 1 2 3; do [ "$i" -eq 2 ] && break; done; echo "after loop i=$i"`,
  `for i in 1 2 3; do false; break; done; echo $?`,
  `i=0; while true; do i=$((i+1)); [ $i -ge 3 ] && break; done; echo "i=$i status=$?"`,
  `i=0; until false; do i=$((i+1)); if [ $i -ge 3 ]; then break; fi; false; done; echo $?`,
  `set -e; n=0; until [ $n -ge 5 ]; do n=$((n+1)); [ $n -eq 3 ] && break; done; echo "n=$n"`,
  `for ((i=0;i<3;i++)); do [ $i -eq 1 ] && break; done; echo $?`,
  `while :; do false; break; done; echo $?`,
  `printf 'a\\nb\\n' | while read -r l; do [ "$l" = a ] && break; done; echo $?`,
  `set -e
find_first() { for x in "$@"; do [[ $x == b* ]] && { echo "$x"; break; }; done; }
find_first a bb c; echo ok`,
  `f() { for x in 1 2; do [ $x = 2 ] && break; done; }; f; echo $?`,
  `for o in a b; do false; for i in 1 2; do break 2; done; done; echo $?`,
  `for x in a; do false; break 5; done; echo $?`,
  `for i in 1 2; do case $i in 2) break;; esac; false; done; echo $?`,
  `i=0; while [ $i -lt 2 ] || break; do i=$((i+1)); false; done; echo $?`,
  `set -euo pipefail
attempt=0
while true; do
  attempt=$((attempt + 1))
  if [ "$attempt" -ge 3 ]; then echo "ok after $attempt"; break; fi
  false || echo "attempt $attempt failed"
done
echo "done: $?"`,
];

const CONTINUE = [
  `for i in 1 2 3; do false; continue; done; echo $?`,
  `for i in 1 2 3; do [ "$i" -gt 5 ] && continue; done; echo $?`,
  `for i in 1 2 3; do [ "$i" -lt 5 ] && continue; false; done; echo $?`,
  `for ((i=0;i<3;i++)); do false; continue; done; echo $?`,
  `for o in a b; do false; for i in 1 2; do continue 2; done; done; echo $?`,
  `set -e; for i in 1 2; do false; continue; done; echo survived`,
  `set -e
for line in "# note" "a=1" "" "b=2"; do
  [[ -z $line || $line == \\#* ]] && continue
  echo "kv: $line"
done
echo "parsed"`,
  `i=0; while i=$((i+1)); [ $i -lt 3 ] || { [ $i -lt 5 ] && continue; }; do false; done; echo $? $i`,
];

const NEVER_RUN = [
  `false; for x in; do :; done; echo $?`,
  `false; while false; do :; done; echo $?`,
  `false; until true; do :; done; echo $?`,
  `false; for ((i=0;i<0;i++)); do :; done; echo $?`,
  `for i in 1 2; do false; done; echo $?`,
  `i=0; until [ $i -ge 2 ]; do i=$((i+1)); false; done; echo $?`,
];

const ERREXIT = [
  `set -e; i=0; while [ $i -lt 2 ]; do i=$((i+1)); [ $i = 9 ] && echo nine; done; echo "after $?"`,
  `set -e; i=0; until [ $i -ge 2 ]; do i=$((i+1)); [ $i = 9 ] && echo nine; done; echo "after $?"`,
  `set -e; for i in 1 2; do [ $i = 9 ] && echo nine; done; echo "after $?"`,
  `set -e; i=0; while [ $i -lt 2 ]; do i=$((i+1)); false; done; echo "after $?"`,
  `set -euo pipefail
count=0
while read -r name qty; do
  [ "$qty" -gt 5 ] && count=$((count + 1))
done <<< "apple 3
pear 9
fig 1"
echo "big: $count"`,
  `set -e; printf 'a\\nb\\n' | while read -r l; do [ "$l" = z ] && echo z; done; echo "after $?"`,
  `set -e; printf 'a\\n' | for l in a; do [ x = y ] && echo; done; echo "after $?"`,
  `set -e; echo | { [ a = b ] && echo; }; echo "after $?"`,
  `set -e; while true; do false || break; done; echo survived`,
];

describe.each(MODES)("loop exit status (%s)", (mode) => {
  it.each(BREAK)("after break, as in bash: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
  it.each(CONTINUE)("after continue, as in bash: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
  it.each(NEVER_RUN)("with a body that ran to its end or never ran, as in bash: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
  it.each(ERREXIT)("under set -e, as in bash: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
