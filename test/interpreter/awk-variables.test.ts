// Patch 0540-awk-v-special-vars: `awk -v OFS=';'` (and -v FS, ORS, OFMT, SUBSEP) sets awk's special variable, as GNU
// awk does: -F, -v OFS=';' '{$1=$1; print}' prints x;y;z. just-bash stored the value as an ordinary variable that
// print, field rebuilding and splitting never read, so the output kept the default space. Compared with GNU awk
// 5.2 from .ci/reference-bin.sh (the machine's /usr/bin/awk is mawk); skipped with a console line when missing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inBash, inToolshell, type Outcome } from "../bash-reference.js";
import { REFERENCE_BIN } from "../differential/harness.js";
import { MODES } from "../helpers.js";

const GAWK = existsSync(join(REFERENCE_BIN, "awk"));
if (!GAWK) console.warn(`awk-variables: skipped, no GNU awk in ${REFERENCE_BIN} (run .ci/reference-bin.sh)`);

/** The script under GNU bash with the reference GNU awk first on PATH. */
const inBashWithGawk = (script: string): Promise<Outcome> => inBash(script, "", REFERENCE_BIN);

const SCRIPTS = [
  `printf 'x,y,z\\n' | awk -F, -v OFS=';' '{$1=$1; print}'`,
  `printf 'a b\\n' | awk -v OFS=: '{print $1,$2; $3="c"; print}'`,
  `printf 'a b c\\n' | awk -v OFS=- '{NF=2; print}'`,
  `printf 'a b\\n' | awk -v OFS='\\t' '{$1=$1; print}'`,
  `printf 'a:b c\\n' | awk -v FS=: '{print $2}'`,
  `printf 'a b\\nc d\\n' | awk -v ORS='|' '{print $1}'; echo`,
  `printf '1.23456\\n' | awk -v OFMT='%.2f' '{x = $1 + 0; print x}'`,
  `printf 'k v\\n' | awk -v SUBSEP=: '{a[$1,$2] = 1; for (k in a) print k}'`,
  `printf 'a b\\n' | awk -v n=3 -v OFS=, 'BEGIN{print "n=" n} {print $2, n}'`,
  [
    "set -euo pipefail",
    "printf 'ann 3 x\\nbob 5 y\\n' |",
    `  awk -v OFS=',' '{ $2 = $2 * 2; print } END { print "rows", NR }'`,
  ].join("\n"),
];

describe.runIf(GAWK).each(MODES)("awk -v sets special variables (%s)", (mode) => {
  it.each(SCRIPTS)("prints what GNU awk prints: %s", async (script) => {
    const [bash, toolshell] = await Promise.all([inBashWithGawk(script), inToolshell(script, mode)]);
    expect({ stdout: toolshell.stdout, exitCode: toolshell.exitCode }).toEqual({
      stdout: bash.stdout,
      exitCode: bash.exitCode,
    });
  });
});
