// Patch 0604-last-background-pid-hook: the shell reads `$!` from toolshell's jobs through an interpreter hook, so it
// runs nothing: `false; x=$!; echo $?` prints 0 as in bash (an assignment without a command substitution has
// status 0), and `false; echo $! $?` still prints 1. Before, the guard rewrote `$!` into a command substitution,
// which made `x=$!` take that substitution's status (patch 0130), 1 after a failure.
// Job ids are not bash's pids, so the scripts print what does not depend on the number.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  "false; x=$!; echo $?",
  'false; echo "[$!]" $?',
  '(exit 3); y=$!; echo $?; (exit 4); echo "[$!]" $?',
  'true & pid=$!; echo "status $?"; [ -n "$pid" ] && echo "have pid"; wait "$pid"; echo "waited $?"',
  'set -e; false || true; last=$!; echo "last=[$last]"; echo ok',
  "true & echo $(( $! - $! )) $?; wait",
  'set -euo pipefail\nfor i in 1 2; do\n  (exit 0) &\n  pids+=("$!")\ndone\necho "started ${#pids[@]}"\nfor p in "${pids[@]}"; do wait "$p"; done\necho done',
  'f() { false; local p=$!; echo "in f $?"; }; f',
];

describe.each(MODES)("$! and the status after it (%s)", (mode) => {
  it.each(SCRIPTS)("is what bash gives: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
