// Patches 0410-trap-builtin, 0411-trap-exit, 0412-trap-err: `trap` as GNU bash has it (just-bash had none:
// "trap: command not found"). Actions are stored per signal and listed by `trap -p`; the EXIT trap runs when the
// script, a subshell or a command substitution ends (normally, by exit, errexit or set -u), the ERR trap when a
// command fails where set -e would end the shell. Other signals are accepted and listed but never arrive.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const BUILTIN = [
  `trap "echo a" EXIT INT TERM HUP; trap "" ERR; trap ":" DEBUG RETURN; trap -p; echo ==; trap; echo ==
trap -p EXIT ERR; trap - EXIT INT TERM HUP ERR DEBUG RETURN; trap -p; echo cleared`,
  `trap 'echo "it'\\''s done"' EXIT; trap -p`,
  `trap "echo x" sigint int SIGTERM 2 15 1; trap -p; trap - INT TERM HUP`,
  `trap "echo x" EXIT; trap EXIT; trap -p; trap "echo y" INT; trap - INT EXIT; trap -p; echo done`,
  `trap "echo x" FOO; echo "set: $?"; trap -p FOO; echo "print: $?"; trap -z; echo "option: $?"`,
  `trap "echo x" 99; echo $?; trap "echo hi"; echo $?; trap; echo $?`,
  `trap -- "echo dd" EXIT; trap -p; trap 'x' 40 rtmin+2; trap -p 40 RTMIN+2; trap - 40 RTMIN+2`,
  `trap -l`,
  `trap 'echo x' INT; ( trap -p; trap 'echo y' INT; trap -p ); trap -p; saved=$(trap -p INT); echo "[$saved]"; trap - INT`,
];

const EXIT = [
  `trap 'echo bye' EXIT; echo hi`,
  `trap 'echo "EXIT $?"' EXIT; exit 4`,
  `trap 'echo "EXIT $?"; exit 9' EXIT; exit 4`,
  `trap 'echo t; exit' EXIT; exit 5`,
  `trap 'echo "EXIT $?"' EXIT; false`,
  `trap 'echo "EXIT $?"; false' EXIT; true`,
  `set -e; trap 'false; echo after-false' EXIT; true`,
  `set -euo pipefail; trap 'echo "exit trap, status $?"' EXIT; echo start; false; echo "not reached"`,
  `set -e; trap 'echo "EXIT $?"' EXIT; f() { return 3; }; f; echo no`,
  `set -u; trap 'echo "EXIT $?"' EXIT; echo "$nope"; echo no`,
  `trap 'echo X' EXIT; trap 'echo Y' EXIT; echo body`,
  `trap 'echo one' EXIT; trap - EXIT; echo body`,
  `trap '' EXIT; echo body; exit 3`,
  `cleanup() { echo "cleanup rc=$?"; }; trap cleanup EXIT INT TERM; echo work; exit 2`,
  `f() { trap 'echo from-f' EXIT; }; f; echo after-f`,
  `set -euo pipefail
processed=0
summary() { echo "processed=$processed"; }
trap summary EXIT
for id in 1 2 3; do processed=$((processed + 1)); done`,
  `trap 'echo EXIT' EXIT; ( trap 'echo sub-exit' EXIT; echo in-sub ); echo after-sub
x=$(trap 'echo cs-exit' EXIT; echo val); echo "x=[$x]"`,
  `trap 'echo EXIT' EXIT; ( echo in-sub; exit 3 ); echo "after-sub $?"`,
  `( trap 'echo "sub $?"' EXIT; false ); echo "rc=$?"`,
  `( trap 'echo "sub $?"' EXIT; exit 6 ); echo "rc=$?"`,
  `( set -e; trap 'echo "sub $?"' EXIT; false; echo no ); echo "rc=$?"`,
  `x=$(trap 'echo trapped' EXIT; exit 2); echo "x=$x rc=$?"`,
  `trap "echo exit at \\$LINENO" EXIT
echo a
false`,
];

const ERR = [
  `trap 'echo "ERR $?"' ERR; { false; }; echo a; if true; then false; fi; echo b; for i in 1; do false; done
echo c; ( false ); echo d; x=$(false); echo e`,
  `trap 'echo ERR' ERR; i=0; while [ $i -lt 2 ]; do i=$((i+1)); false; done; echo end`,
  `trap 'echo ERR' ERR; false && true; true && false; false || false; ! false; ! true
if false; then :; fi; while false; do :; done; [ a = b ] && echo; echo end`,
  `trap 'echo ERR' ERR; false | true; true | false; echo end; set -o pipefail; false | true; echo end2`,
  `trap 'echo ERR' ERR; [[ a == b ]]; (( 0 )); echo end`,
  `trap 'echo "ERR $?"' ERR; false; echo "after $?"`,
  `trap 'echo "ERR $? at $LINENO"' ERR
echo one
false
echo two`,
  `trap "echo err at \\$LINENO
echo second \\$LINENO" ERR
echo a
false`,
  `set -e; trap 'echo ERR' ERR; trap 'echo "EXIT $?"' EXIT; echo start; false; echo no`,
  `trap 'echo ERR; exit 7' ERR; trap 'echo "EXIT $?"' EXIT; false; echo no`,
  `trap '' ERR; false; echo quiet; trap 'echo E' ERR; trap - ERR; false; echo reset`,
  `on_err() { echo "failed with $?"; }; trap on_err ERR; false; echo next; fails() { return 4; }; fails; echo done`,
  `trap 'echo E' ERR; f() { return 1; }; if ! f; then echo handled; fi; f || echo or; f && echo no; echo end`,
  `trap 'echo ERR' ERR; f() { false; echo in-f; }; f; echo after; g() { false; }; g; echo after2`,
  `set -E; trap 'echo ERR' ERR; f() { false; echo in-f; }; f; echo after; x=$(false); ( false ); echo end`,
  `trap 'echo e' ERR; f() { trap 'echo in' ERR; false; echo x; }; f; false`,
  `trap 'echo ERR' ERR; ( trap 'echo SUB' ERR; false; echo in ); echo out`,
  `trap 'false' ERR; false; echo "ok $?"`,
  `set -eEuo pipefail; trap 'echo "ERR at line $LINENO (status $?)"' ERR
echo "begin"
f() {
  false
}
f
echo "end"`,
];

describe.each(MODES)("trap (%s)", (mode) => {
  it.each(BUILTIN)("stores, lists and resets actions as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
  it.each(EXIT)("runs the EXIT trap as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
  it.each(ERR)("runs the ERR trap as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
