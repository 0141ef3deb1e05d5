// Patch 0510-errexit-in-and-or-lists: under set -e, a failure anywhere inside a command left of && or ||, or after !,
// does not end the script (bash ignores errexit in that command's whole call tree, as in an if/while/until
// condition); just-bash ignored it only for that command's own status, so `f || echo caught` ended the script when a
// command inside f failed.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const F = `f() { false; echo "f went on"; }\n`;

const SCRIPTS = [
  `set -e\n${F}f || echo caught\necho "still running"`,
  `set -e\n${F}f && echo "f ok"\necho end`,
  `set -e\n${F}! f\necho "after !"`,
  `set -e\n${F}if f; then echo yes; fi\nwhile f; do echo loop; break; done\nuntil f; do break; done\necho end`,
  `set -e\n${F}g() { f; echo "g went on"; }\ng || echo "g failed"\ntrue && g || echo fallback\necho end`,
  `set -euo pipefail\n${F}{ false; echo group; } || echo "group failed"\n( false; echo subshell ) || echo "sub failed"\nf | cat || true\necho end`,
  `set -euo pipefail\ncheck() { [ "$1" -gt 2 ]; echo "checked $1"; }\nfor i in 1 3; do check "$i" && echo "big $i" || echo "small $i"; done`,
  // The last command of a list is not a condition: errexit applies inside it.
  `set -e\n${F}true && f\necho not-reached`,
  `set -e\n${F}t() { true && f; echo "t end"; }\nt || echo "t failed"\nt\necho not-reached`,
  `set -e\nget() { [ "$1" = ok ] || return 3; echo "got $1"; }\nget ok && get bad || echo "bad: $?"\nget bad\necho not-reached`,
];

describe.each(MODES)("set -e in && / || lists and after ! (%s)", (mode) => {
  it.each(SCRIPTS)("ends or goes on as GNU bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
