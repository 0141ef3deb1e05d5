// Patch 0609-nounset-eval-in-pipeline: under set -u, an unbound variable inside what `eval` runs as a pipeline
// element ends that element with status 1 in bash (PIPESTATUS "1 0"); just-bash gave the 127 of a simple command.
// A simple command or a function (even one that calls eval) in a pipeline keeps 127, as in bash.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  `set -u; eval 'echo $X' | cat; echo "\${PIPESTATUS[@]}"`,
  `set -u; command eval 'echo $X' | cat; echo "\${PIPESTATUS[@]}"`,
  `set -u; cat </dev/null | eval 'echo $X'; echo "\${PIPESTATUS[@]}"`,
  `set -u; f() { echo $X; }; eval f | cat; echo "\${PIPESTATUS[@]}"`,
  `set -u; eval echo \\$X | cat; echo "\${PIPESTATUS[@]}"`,
  `set -u; f() { eval 'echo $X'; }; f | cat; echo "\${PIPESTATUS[@]}"`,
  `set -u; echo $X | cat; echo "\${PIPESTATUS[@]}"`,
  `set -u; eval 'echo $X'; echo never`,
  `set -uo pipefail; eval 'echo "$MISSING"' | tr a-z A-Z; echo "status $?"`,
];

describe.each(MODES)("set -u inside eval in a pipeline (%s)", (mode) => {
  it.each(SCRIPTS)("is what bash gives: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
