// Patch 0601-command-subst-errexit: a command substitution runs without errexit unless `shopt -s inherit_errexit`
// (or POSIX mode), as in bash, and `set` inside it stays inside it. just-bash shared the caller's options, so under
// `set -e` `x=$(false; echo 2)` ended the script where bash sets x to 2 and goes on.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  'set -e; x=$(false; echo 2); echo "$x"',
  'set -e; echo "$(false; echo a)"; echo end',
  'set -e; f() { false; echo inf; }; x=$(f); echo "$x"',
  'set -e; x=$( (false; echo 3) ); echo "$x"',
  'set -e; x=$(echo 1; false); echo "x=$x"',
  'set -e; x=$(set -e; false; echo 2); echo "[$x]"; echo end',
  'set -e; shopt -s inherit_errexit; x=$(false; echo 2); echo "[$x]"; echo end',
  'set -e; shopt -s inherit_errexit; echo "$(false; echo a)"; echo end',
  'set -e; shopt -s inherit_errexit; shopt -u inherit_errexit; x=$(false; echo 2); echo "$x"',
  'set -o posix; set -e; echo "$(false; echo a)"; echo end',
  'x=$(set -e); false; echo still; y=$(set -u); echo "$undefined" ok',
  'set -euo pipefail\nlookup() { grep -q "$1" <<< "a b c"; echo "checked $1"; }\nr=$(lookup z)\necho "$r"\nn=$(lookup a | wc -l)\necho "n=$n"',
  'set -e\nfor id in 1 2 3; do\n  line=$( [ "$id" = 2 ] && echo skip; echo "row $id" )\n  echo "$line"\ndone\necho done',
  'set -e\nf() { local out; out=$(false; echo inner); echo "got $out"; }\nf\necho after',
  "shopt -q inherit_errexit || echo off; shopt -s inherit_errexit; shopt -q inherit_errexit && echo on",
];

describe.each(MODES)("errexit in a command substitution (%s)", (mode) => {
  it.each(SCRIPTS)("is what bash gives: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
