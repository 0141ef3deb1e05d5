// Patch 0130-assignment-status: a bare assignment's status is that of the last command substitution it ran, or 0
// when it ran none (just-bash kept the status of the command before it: `false; x=1; echo $?` printed 1).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  "false; x=1; echo $?",
  "false; x=; echo $?; false; x+=1; echo $?",
  "false; arr=(a b); echo $?; false; arr[1]=x; echo $?",
  "false; x=$((1+1)); echo $?; [ 1 = 2 ]; n=5; echo $?",
  "false; x=1 y=2; echo $?",
  "x=$(false); echo $?; x=$(exit 3); echo $?; x=`false`; echo $?",
  "x=$(false)$(true); echo $?; x=$(true)$(false); echo $?; false; x=$(true); echo $?",
  "x=$(false) y=1; echo $?; x=1 y=$(exit 4); echo $?; x=$(exit 3) y=$(true); echo $?",
  "x=${y:-$(exit 2)}; echo $?; a=($(false)); echo $?",
  "x=$(false) 2>/dev/null; echo $?; false; x=1 2>/dev/null; echo $?",
  "f() { local x=$(false); echo $?; local y; y=$(false); echo $?; }; f",
  "false; declare y=2; echo $?; export z=$(false); echo $?",
  'set -e; x=$(false) || x=d; echo "x=$x"',
  'set -e; [[ a == b ]] && echo y; v=1; echo "v=$v"',
  "set -e; n=0; until [ $n -ge 2 ]; do n=$((n+1)); done; r=done; echo $r",
  'set -e; v=$(false) && echo yes || echo no; n=1; echo "n=$n"',
  'set -euo pipefail\nstatus=ok\ngrep -q foo <<< bar || status=missing\nresult=$status\necho "$result"',
  'set -e\nfor i in 1 2 3; do\n  if [ $i -eq 2 ]; then continue; fi\n  last=$i\ndone\necho "last=$last"',
  'set -e\nfind_user() { [ "$1" = bob ] && echo found; }\nfind_user alice || missing=yes\necho "missing=$missing"',
];

describe.each(MODES)("assignment status (%s)", (mode) => {
  it.each(SCRIPTS)("is what bash gives: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
