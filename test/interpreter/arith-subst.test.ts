// Patches 0220-arith-command-subst-in-shell, 0221-arith-quotes-in-substitutions and 0222-arith-command-subst-text
// (issue 13, item 5): a command substitution inside arithmetic runs in the script's own shell, as a subshell
// (just-bash ran it in a fresh shell without the script's functions: "command not found"), keeps its quotes
// (`(( $(echo "$a > $b") ))` was a redirection), and its output is part of the expression: `$(( $(echo 2+3) * 2 ))`
// is 8 in bash (the output is inserted as text), where just-bash read it with parseInt.
import { describe, expect, it } from "vitest";
import { againstBash, inToolshell } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  // functions
  "f() { echo 4; }; echo $(( $(f) + 1 ))",
  "fact() { if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 5; fact 1",
  `fib() { local n=$1; if (( n < 2 )); then echo "$n"; return; fi; echo $(( $(fib $((n - 1))) + $(fib $((n - 2))) )); }
for i in 0 1 2 3 4 5 6 7 8; do printf '%s ' "$(fib "$i")"; done; echo`,
  "sq() { echo $(( $1 * $1 )); }; (( $(sq 3) == 9 )) && echo nine",
  "cnt() { echo 7; }; if (( $(cnt) > 5 )); then echo big; else echo small; fi",
  'set -e; f() { echo 10; }; r=$(( $(f) % 3 )); echo "r=$r"',
  "f() { echo 2; }; (( x = $(f) + 1 )); echo $x",
  // a subshell: what it changes stays inside
  'f() { g=1; echo 3; }; echo $(( $(f) * 2 )); echo "g=${g:-unset}"',
  "x=1; echo $(( $(x=9; echo 2) + x )); echo $x",
  // quotes inside the substitution
  'a=3 b=2; if (( $(echo "$a > $b") )); then echo gt; else echo le; fi',
  "name='a b'; echo $(( $(echo \"$name\" | wc -w) * 10 ))",
  // the output is part of the expression
  "echo $(( $(echo 2+3) * 2 ))",
  'f() { echo "1 + 1"; }; echo $(( $(f) * 3 ))',
  "echo $(( $(echo 0x10) + 1 ))",
  "total=0; for i in 1 2 3; do total=$(( total + $(echo $i) )); done; echo $total",
  "n=$(( $(printf '%s\\n' a b c | wc -l) * 10 )); echo $n",
];

describe.each(MODES)("command substitution in arithmetic (%s)", (mode) => {
  it.each(SCRIPTS)("runs in the script's shell: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });

  it("refuses a file redirection inside it as anywhere else, and goes on", async () => {
    const { stdout, stderr, exitCode } = await inToolshell(
      "echo $(( $(echo 3 > /tmp/zz; echo 4) + 1 ))",
      mode,
    );
    expect({ stdout, exitCode }).toEqual({ stdout: "5\n", exitCode: 0 });
    expect(stderr).toContain("redirection to or from a file (> /tmp/zz) refused");
  });
});
