// awk's built-in functions as GNU awk 5.2 runs them (.ci/reference-bin.sh's gawk; the machine's /usr/bin/awk is
// mawk), each script run in GNU bash and in toolshell; skipped with a console line when gawk is missing.
//
// Patch 0803-awk-int-truncates: int() truncates toward zero (int(-3.7) is -3); just-bash floored (-4).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { againstBash } from "./bash-reference.js";
import { REFERENCE_BIN } from "./differential/harness.js";
import { MODES } from "./helpers.js";

const GAWK = existsSync(join(REFERENCE_BIN, "awk"));
if (!GAWK) console.warn(`awk-builtins: skipped, no GNU awk in ${REFERENCE_BIN} (run .ci/reference-bin.sh)`);

const INT = [
  `awk 'BEGIN { print int(-3.7), int(3.7), int(-0.5), int("-2.9x"), int(-7/2) }'`,
  "printf -- '-1.5\\n2.5\\n-10.01\\n' | awk '{ print int($1) }'",
  [
    "set -euo pipefail",
    "printf 'a -3.7\\nb 12.9\\n' | awk '{ delta = int($2); printf \"%s %d\\n\", $1, delta }'",
  ].join("\n"),
];

describe.runIf(GAWK).each(MODES)("awk int() (%s)", (mode) => {
  it.each(INT)("prints what GNU awk prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode, REFERENCE_BIN);
    expect(toolshell).toEqual(bash);
  });
});
