/**
 * Commands parsed while the script runs (eval, a function eval defined, an alias, a trap's action, `$(...)` in a
 * string evaluated as arithmetic, `command source`) go through toolshell's guard like the script itself: a file
 * redirection in them is refused with the guard's message and fails that command only, as a failed redirection
 * does in bash, and the script goes on. Before, such a redirection reached the refusing filesystem, whose error
 * made execute() throw in inline mode and ended the whole run with exit 1 in a worker (TM-FS-003).
 *
 * GNU bash runs each script with its targets under a directory that does not exist, so every write fails there
 * too: stdout and exit code must be the same.
 */
import { describe, expect, it } from "vitest";
import { inBash, inToolshell } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const REFUSED = /redirection to or from a file \(.*\) refused|refused: this shell has no filesystem/;

const SCRIPTS: Record<string, string> = {
  "eval of a redirection": `eval 'echo x > /nonexistent/f'; echo "after $?"`,
  "a function defined by eval": `eval 'f() { echo in > /nonexistent/f; echo body; }'; f; echo "st $?"`,
  "eval inside $(...)": `x=$(eval 'echo a > /nonexistent/f; echo b'); echo "$x $?"`,
  "a loop's redirection in eval": `eval 'for i in 1 2; do echo $i; done > /nonexistent/f'; echo "st $?"`,
  "an input redirection in eval": `eval 'cat < /nonexistent/f'; echo "st $?"`,
  "tee in eval": `eval 'echo a | tee /nonexistent/f >/dev/null'; echo "st $?"`,
  "eval in a wrapper function": `run() { eval "$@"; }; run 'echo hi > /nonexistent/f'; echo "st $?"`,
  "eval of a variable's $(...)": `y='$(echo a > /nonexistent/f)'; eval "z=$y"; echo "st $?"`,
  "eval per item in strict mode": [
    "set -euo pipefail",
    'for k in a b; do eval "echo $k > /nonexistent/$k" || echo "failed $k"; done',
    "eval 'echo x > /nonexistent/f' || echo caught",
    "echo done",
  ].join("\n"),
  "an EXIT trap's action": `trap 'echo bye > /nonexistent/f' EXIT; echo main`,
  "an ERR trap's action": `trap 'echo err > /nonexistent/f' ERR; false; echo main`,
  "$(...) in a subscript evaluated as arithmetic": `a=(1 2); i='a[$(echo hi > /nonexistent/f)]'; echo $(( i )); echo "st $?"`,
  "$(...) inside (( ))": `(( y = $(echo 3 > /nonexistent/f; echo 4) )); echo "$y $?"`,
  "command source and builtin source": `command source /nonexistent/f; echo "st $?"; builtin source /nonexistent/f; echo "st $?"`,
  "an alias": ["shopt -s expand_aliases", `alias w='echo y > /nonexistent/f'`, "w", 'echo "st $?"'].join(
    "\n",
  ),
};

describe.each(MODES)("commands parsed at run time are guarded (%s)", (mode) => {
  it.each(Object.entries(SCRIPTS))(
    "%s: refused, that command fails, the script goes on as in bash",
    async (_, script) => {
      const [bash, toolshell] = await Promise.all([inBash(script), inToolshell(script, mode)]);
      expect({ stdout: toolshell.stdout, exitCode: toolshell.exitCode }).toEqual({
        stdout: bash.stdout,
        exitCode: bash.exitCode,
      });
      expect(toolshell.stderr).toMatch(REFUSED);
    },
  );

  it("eval 'echo x > /tmp/a' resolves with the guard's message and exit 1 for that command only", async () => {
    const result = await inToolshell(`eval 'echo x > /tmp/a'; echo "status $?"; echo next`, mode);
    expect(result).toEqual({
      stdout: "status 1\nnext\n",
      stderr:
        "bash: redirection to or from a file (> /tmp/a) refused: this shell has no filesystem; keep data in variables and pipes (only /dev/null is allowed)\n",
      exitCode: 0,
    });
  });
});
