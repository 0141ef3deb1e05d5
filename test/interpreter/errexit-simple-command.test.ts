// Patch 0602-errexit-after-simple-command: under set -e, a function call, eval or x=$(...) that fails ends the
// script even when its failure came from a command errexit ignores inside it (`[ -n "$x" ] && echo x` as the
// function's last command), as in bash: the call is a simple command and its status is its own. just-bash carried
// the inner "ignored" mark out of the call, so `f; echo after` went on. Compound commands ({ }, loops, if) keep
// bash's rule: a group whose last && failed does not end the script.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  'set -e; f() { [ -n "" ] && echo x; }; f; echo after',
  'set -e; eval "false && :"; echo after',
  "set -e; x=$(false && :); echo after",
  "set -e; f() { false && :; }; y=1 f; echo after",
  "set -e; f() { false && :; }; cat /dev/null | f; echo after",
  "set -e; f() { g() { false && :; }; g; echo in; }; f; echo after",
  "set -e; f() { false && :; }; x=$(f); echo after",
  // errexit still ignored where bash ignores it
  'set -e; f() { [ -n "" ] && echo x; }; f || echo caught; echo after',
  "set -e; f() { false && :; }; h() { f; echo in; }; h || true; echo after",
  "set -e; f() { false && :; }; if f; then :; fi; ! f; f && echo yes; echo after",
  "set -e; { false && echo x; }; echo after",
  "set -e; for i in 1; do false && echo x; done; echo after",
  "set -e; if true; then false && echo x; fi; echo after",
  "set -e; f() { false && :; }; f | cat; echo after",
  // the way models write it
  'set -euo pipefail\nlog() { [ "${VERBOSE:-}" = 1 ] && echo "debug: $*" >&2; }\nlog start\necho "never printed"',
  'set -euo pipefail\nlog() { [ "${VERBOSE:-}" = 1 ] && echo "debug: $*" >&2; return 0; }\nlog start\necho "printed"',
  'set -e\nvalidate() { [[ $1 =~ ^[0-9]+$ ]] && echo "ok $1"; }\nfor v in 1 x 3; do validate "$v"; done\necho end',
  'set -e\nvalidate() { [[ $1 =~ ^[0-9]+$ ]] && echo "ok $1"; }\nfor v in 1 x 3; do validate "$v" || echo "bad $v"; done\necho end',
];

describe.each(MODES)("set -e after a simple command (%s)", (mode) => {
  it.each(SCRIPTS)("is what bash gives: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
