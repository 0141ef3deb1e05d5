// Patch 1701-wc-lines-without-words: wc counts words only when it prints them; every other count (lines, bytes,
// characters) comes from a quicker pass, and each must still be what GNU wc prints, alone or together.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const INPUTS = [
  "printf 'one two\\nthree\\n'",
  "printf 'no newline at the end'",
  "printf '\\n\\n\\n'",
  "printf ''",
  "printf 'tabs\\tand\\r\\ncarriage returns  \\n'",
  "printf 'Zürich ü€x 😀\\nzweite Zeile\\n'",
  "seq 1 20000",
];

const FLAGS = ["-l", "-c", "-m", "-w", "-lc", "-lm", "-lw", "-cw", ""];

const SCRIPTS = [
  ...INPUTS.flatMap((input) => FLAGS.map((flags) => `${input} | wc ${flags}`.trimEnd())),
  'wc -l <<<"$(seq 1 5)"',
  'x=$(seq 1 300 | wc -l); echo "[$x]"',
];

describe.each(MODES)("wc (%s)", (mode) => {
  it.each(SCRIPTS)("prints what GNU wc prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
