// Patches 0306-awk-printf-float-rounding, 0307-awk-number-strings, 0308-awk-printf-d-truncates. 0306: awk's printf/sprintf %f/%e/%g (and print through OFMT) format the double's
// exact binary value with ties to even, as GNU awk does: printf "%.1f", 70.25 is 70.2 (just-bash's toFixed: 70.3),
// with C's flags (0, +, space, #), %g's exponent form (1e-05) and "%.f". 0307: a number used as a string is
// formatted as GNU awk does (integers as digits, others with %.6g: 0.1+0.2 "" is 0.3, not 0.30000000000000004;
// print 2^64 is 18446744073709551616, not 1.84467e+19; +inf/-inf). 0308: %d/%i truncate toward zero (-2.5 is -2,
// just-bash floored to -3) and read "12abc" as 12. Compared with GNU awk 5.2 from
// .ci/reference-bin.sh (the machine's /usr/bin/awk is mawk); skipped with a console line when it is missing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inBash, inToolshell, type Outcome } from "../bash-reference.js";
import { REFERENCE_BIN } from "../differential/harness.js";
import { MODES } from "../helpers.js";

const GAWK = existsSync(join(REFERENCE_BIN, "awk"));
if (!GAWK) console.warn(`awk-numbers: skipped, no GNU awk in ${REFERENCE_BIN} (run .ci/reference-bin.sh)`);

/** The script under GNU bash with the reference GNU awk first on PATH. */
const inBashWithGawk = (script: string): Promise<Outcome> => inBash(script, "", REFERENCE_BIN);

const PRINTF = [
  `awk 'BEGIN{printf "%.2f %.2f %.0f %.0f %.1f %.1f\\n", 0.125, 2.675, 2.5, 3.5, 0.45, 70.25}'`,
  `awk 'BEGIN{printf "%g %g %g %e %E %G\\n", 0.00001, 123456789, 1e21, 0, 12345.678, 1e-10}'`,
  `awk 'BEGIN{printf "%5.1f|%-8.2f|%08.3f|%+.2e|% g|%#g\\n", 3.14159, 2.5, -1.5, 12345, 42, 1.5}'`,
  `awk 'BEGIN{printf "%.3f %f %.f|%.*f|%F\\n", -0, "abc", 2.5, -1, 0.125, 1.5}'`,
  `awk 'BEGIN{printf "%.2f\\n", 1e21; printf "%*.*f|\\n", 8, 2, 0.125}'`,
  `awk 'BEGIN{x = 1e300 * 1e300; printf "%f %e %5.1f|\\n", x, -x, x}'`,
  `awk 'BEGIN{s = sprintf("%.2f", 0.125); print s, length(s)}'`,
  // 0313: glibc's %#g carry into the exponent form ("1.e+03")
  `awk 'BEGIN{printf "%#.3g|%#.2g|%#g|%#.3g\\n", 999.9355, 99.7, 999999.7, 9.9996}'`,
  `awk 'BEGIN{OFMT = "%.2f"; print 3.14159, 2.125, 17}'`,
  `echo "70.25 81.5 64.125" | awk '{printf "%.1f %.1f %.2f\\n", $1, $2, $3}'`,
  [
    "set -euo pipefail",
    "printf 'ann 70.25\\nbob 81.5\\ncy 64.125\\n' |",
    `  awk '{ s += $2; printf "%-4s %6.1f\\n", $1, $2 } END { printf "avg %.2f\\n", s / NR }'`,
  ].join("\n"),
];

describe.runIf(GAWK).each(MODES)("awk printf floats (%s)", (mode) => {
  it.each(PRINTF)("formats as GNU awk does: %s", async (script) => {
    const [bash, toolshell] = await Promise.all([inBashWithGawk(script), inToolshell(script, mode)]);
    expect({ stdout: toolshell.stdout, exitCode: toolshell.exitCode }).toEqual({
      stdout: bash.stdout,
      exitCode: bash.exitCode,
    });
  });
});

const STRINGS = [
  `awk 'BEGIN{x = 0.1 + 0.2; y = x ""; print y, length(0.1 + 0.2), 3.0 "", 1e300 * 1e300 ""}'`,
  `awk 'BEGIN{a[0.1 + 0.2] = 1; for (k in a) print k}'`,
  `awk 'BEGIN{print 2^31, 2^53, 2^64, 1e16, 1e21, -2^63, 1e15 + 0.5}'`,
  `awk 'BEGIN{x = 100 / 3; s = "v:" x; print s; print substr(x, 1, 4)}'`,
  `echo "5 3" | awk '{print $1 / $2, ($1 / $2) "", int($1 / $2)}'`,
  `printf 'a 1.5\\nb 2.25\\na 0.75\\n' | awk '{t[$1] += $2} END {for (k in t) print k, t[k], t[k] ""}' | sort`,
  [
    "set -euo pipefail",
    "printf 'web 0.1\\nweb 0.2\\ndb 1.25\\n' |",
    `  awk '{ s[$1] += $2 } END { for (k in s) { line = k "=" s[k]; print line } }' | sort`,
  ].join("\n"),
];

describe.runIf(GAWK).each(MODES)("awk number strings (%s)", (mode) => {
  it.each(STRINGS)("converts as GNU awk does: %s", async (script) => {
    const [bash, toolshell] = await Promise.all([inBashWithGawk(script), inToolshell(script, mode)]);
    expect({ stdout: toolshell.stdout, exitCode: toolshell.exitCode }).toEqual({
      stdout: bash.stdout,
      exitCode: bash.exitCode,
    });
  });
});

const INTEGERS = [
  `awk 'BEGIN{printf "%d %d %d %d %i %d|%5d|%-5d|%05d\\n", -2.5, -0.5, 1e21, 2^64, 3.99, "12abc", -3.7, 2.9, -4.2}'`,
  `awk 'BEGIN{x = 1e300 * 1e300; printf "%d|%d|%5d\\n", x, -x, x}'`,
  `printf '3.7 -1.2\\n' | awk '{printf "%d %d %d\\n", $1, $2, $1 + $2}'`,
];

describe.runIf(GAWK).each(MODES)("awk printf integers (%s)", (mode) => {
  it.each(INTEGERS)("truncates as GNU awk does: %s", async (script) => {
    const [bash, toolshell] = await Promise.all([inBashWithGawk(script), inToolshell(script, mode)]);
    expect({ stdout: toolshell.stdout, exitCode: toolshell.exitCode }).toEqual({
      stdout: bash.stdout,
      exitCode: bash.exitCode,
    });
  });
});
