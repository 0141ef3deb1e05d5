// Patch 0202-arith-command-not-subshell: `(( i -= 3 ))`, `(( n - 1 > 1 ))` and `(( !(x == 5) ))` are arithmetic
// commands, as in bash; just-bash's lexer took a word followed by " -" or a leading "!(" for nested subshells
// (`( (i -= 3) )`) and ran "i" as a command. `((cmd -flag) || ...)` and `((! cmd) && ...)` stay subshells.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  "set -euo pipefail; i=10; while (( i > 0 )); do printf '%d ' \"$i\"; (( i -= 3 )) || true; done; echo",
  "y=7; (( y -= 2 )); (( y *= 3 )); (( y /= 2 )); (( y %= 4 )); (( y |= 8 )); echo $y",
  "n=3; (( n - 3 )) || echo three; (( n - 1 > 1 )) && echo more; i=2; (( i -- )); echo $i",
  "x=5; (( !(x == 5) )) || echo five; (( !x )) || echo nonzero; f=0; (( !f )) && echo zero",
  'remaining=4; while (( remaining - 1 >= 0 )); do (( remaining -= 2 )); echo "left $remaining"; done',
  // nested subshells stay nested subshells
  "((echo hi) ); ((true) || (false)); echo rc=$?",
  "((ls -la /nonexistent 2>/dev/null) || echo none); ((! false) && echo neg); ((echo --help) | cat)",
];

describe.each(MODES)("(( )) as an arithmetic command (%s)", (mode) => {
  it.each(SCRIPTS)("reads it as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
