// Patch 0304-head-tail-signed-counts: head and tail take GNU's signed counts: `head -n -N` (all but the last N
// lines), `head -c -N`, `tail -n -N` (= N), `tail -c +N` (from byte N), `tail --lines=+N`, `tail +N`, and the
// K/M size suffixes; just-bash refused the negative forms and read `+N` after --lines= or -c as "last N".
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const FIVE = "printf '1\\n2\\n3\\n4\\n5\\n'";

const SCRIPTS = [
  `${FIVE} | head -n -2`,
  `${FIVE} | head -n-2`,
  `${FIVE} | head --lines=-2`,
  `${FIVE} | head -n -0`,
  `${FIVE} | head -n -9; echo "rc=$?"`,
  "printf '1\\n2\\n3\\n4\\n5' | head -n -1",
  "printf 'a\\n\\n\\nb\\n' | head -n -1",
  `printf '' | head -n -1; echo "rc=$?"`,
  "printf 'hello world\\n' | head -c -3",
  "printf 'hello world\\n' | head --bytes=-6",
  `printf 'hello world\\n' | head -c -30; echo "rc=$?"`,
  `${FIVE} | tail -n -2`,
  `${FIVE} | tail --lines=-2`,
  `${FIVE} | tail -n +2`,
  `${FIVE} | tail -n+2`,
  `${FIVE} | tail --lines=+4`,
  `${FIVE} | tail -n +0`,
  `${FIVE} | tail -n +9; echo "rc=$?"`,
  `${FIVE} | tail +3`,
  `${FIVE} | tail -2`,
  `${FIVE} | head -3`,
  "printf 'hello world\\n' | tail -c +7",
  "printf 'hello world\\n' | tail --bytes=+7",
  "printf 'hello world\\n' | tail -c +0",
  "printf 'hello world\\n' | tail -c -6",
  "printf '1\\n2\\n3\\n' | head -n 1k | wc -l",
  `printf '1\\n2\\n3\\n' | head -n abc; echo "rc=$?"`,
  [
    "set -euo pipefail",
    "csv=$'id,name,score\\n1,ann,90\\n2,bob,85\\n3,cy,77\\nTOTAL,,252'",
    "# drop the header and the footer",
    'tail -n +2 <<< "$csv" | head -n -1 | while IFS=, read -r id name score; do',
    '  echo "$name: $score"',
    "done",
    'echo "rows: $(tail -n +2 <<< "$csv" | head -n -1 | wc -l)"',
  ].join("\n"),
];

describe.each(MODES)("head and tail counts (%s)", (mode) => {
  it.each(SCRIPTS)("prints what GNU head/tail print: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
