// awk's built-in functions as GNU awk 5.2 runs them (.ci/reference-bin.sh's gawk; the machine's /usr/bin/awk is
// mawk), each script run in GNU bash and in toolshell; skipped with a console line when gawk is missing.
//
// Patch 0803-awk-int-truncates: int() truncates toward zero (int(-3.7) is -3); just-bash floored (-4).
//
// Patch 0804-awk-asort: gawk's asort() and asorti() sort an array's values or indices into 1..n; just-bash had
// neither and, as for any undefined function, silently returned "" (the loop over the result printed nothing).
//
// Patch 0805-awk-length-array: length(arr) is the array's element count; just-bash gave 0 (the length of "").
//
// Patch 0806-awk-bare-length: `length` without parentheses is length($0) (`awk 'length > 10'`); just-bash read it
// as an unset variable.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { REFERENCE_BIN } from "../differential/harness.js";
import { MODES } from "../helpers.js";

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

const ASORT = [
  "printf 'a 1\\nb 2\\na 3\\n' | awk '{ s[$1] += $2 } END { n = asorti(s, k); for (i = 1; i <= n; i++) print k[i], s[k[i]] }'",
  "printf '3\\n1\\n2\\n' | awk '{ a[NR] = $1 } END { n = asort(a); for (i = 1; i <= n; i++) printf \"%s \", a[i]; print \"\" }'",
  "printf '10\\n9\\nb\\na\\n100\\n-1\\n' | awk '{ a[NR] = $1 } END { n = asort(a, d); for (i = 1; i <= n; i++) printf \"%s \", d[i]; print n, a[1] }'",
  "printf 'x 10\\ny 9\\nz 100\\n' | awk '{ a[$2] = $1 } END { n = asorti(a, k); for (i = 1; i <= n; i++) printf \"%s \", k[i]; print \"\" }'",
  "awk 'BEGIN { n = asort(empty); print n }'",
  [
    "set -euo pipefail",
    "printf 'eng ann\\nops bob\\neng cat\\n' | awk '{ t[$1]++ } END {",
    "  n = asorti(t, keys)",
    "  for (i = n; i >= 1; i--) print keys[i], t[keys[i]]",
    "}'",
  ].join("\n"),
];

describe.runIf(GAWK).each(MODES)("awk asort(), asorti() (%s)", (mode) => {
  it.each(ASORT)("prints what GNU awk prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode, REFERENCE_BIN);
    expect(toolshell).toEqual(bash);
  });
});

const LENGTH_OF_ARRAY = [
  "awk 'BEGIN { a[1] = 1; a[2] = 2; print length(a) }'",
  "printf '1\\n2\\n1\\n' | awk '{ seen[$1]++ } END { print length(seen) }'",
  "awk 'BEGIN { n = split(\"a b c\", parts); print n, length(parts); delete parts[2]; print length(parts); delete parts; print length(parts) }'",
  'awk \'function count(arr) { return length(arr) } BEGIN { x["k"] = 1; x["j"] = 2; print count(x) }\'',
  'awk \'BEGIN { s = "hello"; print length(s), length("abc"), length() }\'',
  [
    "set -euo pipefail",
    "n=$(printf 'ann\\nbob\\nann\\n' | awk '{ seen[$1] = 1 } END { print length(seen) }')",
    'echo "unique users: $n"',
  ].join("\n"),
];

describe.runIf(GAWK).each(MODES)("awk length(array) (%s)", (mode) => {
  it.each(LENGTH_OF_ARRAY)("prints what GNU awk prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode, REFERENCE_BIN);
    expect(toolshell).toEqual(bash);
  });
});

const BARE_LENGTH = [
  "echo 'abcd' | awk '{ print length, length($0) }'",
  "printf 'short\\na much longer line here\\n' | awk 'length > 10'",
  "printf 'ab\\nabcdef\\n' | awk '{ n = length; print n * 2 }'",
  "printf 'ab\\nabc\\n' | awk 'length < 3 { print \"short:\", $0 }'",
  "printf 'x\\nyyy\\n' | awk '{ total += length } END { print total }'",
  "printf 'abc\\n' | awk '{ print length + 1 }'",
];

describe.runIf(GAWK).each(MODES)("awk length without parentheses (%s)", (mode) => {
  it.each(BARE_LENGTH)("prints what GNU awk prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode, REFERENCE_BIN);
    expect(toolshell).toEqual(bash);
  });
});
