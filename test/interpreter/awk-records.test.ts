// Patch 0807-awk-record-separator: awk splits its input into records by RS as gawk does: one character
// (RS=";"), "" (paragraph mode: records separated by blank lines), a longer string as a regex, and RS reads "\n"
// by default. just-bash ignored RS and always split on newlines (RS=";" gave one record, RS="" one per line).
// Compared with GNU awk 5.2 from .ci/reference-bin.sh (the machine's /usr/bin/awk is mawk); skipped with a console
// line when missing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { REFERENCE_BIN } from "../differential/harness.js";
import { MODES } from "../helpers.js";

const GAWK = existsSync(join(REFERENCE_BIN, "awk"));
if (!GAWK) console.warn(`awk-records: skipped, no GNU awk in ${REFERENCE_BIN} (run .ci/reference-bin.sh)`);

const SCRIPTS = [
  "printf 'a;b;c' | awk 'BEGIN { RS = \";\" } { print NR \": \" $0 }'",
  "printf 'a\\n\\nb\\nc\\n\\nd\\n' | awk 'BEGIN { RS = \"\" } { print NR \": \" $1 }'",
  "printf 'a b\\n' | awk -v RS=' ' '{ print }'",
  "printf 'x\\n' | awk 'END { print RS == \"\\n\" }'",
  'printf \'name: a\\nage: 1\\n\\nname: b\\nage: 2\\n\' | awk \'BEGIN { RS = ""; FS = "\\n" } { split($1, kv, ": "); print NR, kv[2], NF }\'',
  "printf 'a,b,c\\n' | awk -v RS=, '{ print NR \": [\" $0 \"]\" }'",
  "printf 'a12b345c\\n' | awk 'BEGIN { RS = \"[0-9]+\" } { print NR \": \" $0 }'",
  "printf '\\n\\n\\npara1 line1\\npara1 line2\\n\\n\\n\\npara2\\n\\n' | awk -v RS= '{ print NR \": \" $1 \"/\" $NF }'",
  "printf 'x y\\n' | awk '{ print }'",
  [
    "set -euo pipefail",
    "printf 'id: 1\\nstatus: ok\\n\\nid: 2\\nstatus: failed\\n' |",
    '  awk -v RS= -F\'\\n\' \'{ for (i = 1; i <= NF; i++) { split($i, kv, ": "); r[kv[1]] = kv[2] } print r["id"], r["status"] }\' |',
    '  while read -r id status; do echo "$id=$status"; done',
  ].join("\n"),
];

describe.runIf(GAWK).each(MODES)("awk RS (%s)", (mode) => {
  it.each(SCRIPTS)("prints what GNU awk prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode, REFERENCE_BIN);
    expect(toolshell).toEqual(bash);
  });
});
