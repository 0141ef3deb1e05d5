// Patch 0300-uniq-count-width: `uniq -c` pads its counts to 7 columns as GNU coreutils does (just-bash padded to 4).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  "printf 'b\\na\\nb\\nb\\n' | sort | uniq -c",
  "printf 'x\\n%.0s' $(seq 1 12345) | uniq -c",
  "printf 'a\\na\\nb\\n' | uniq -c | sort -rn | head -1",
  "printf 'k\\nk\\nj\\n' | uniq -c | while read -r n w; do echo \"$w=$n\"; done",
];

describe.each(MODES)("uniq -c (%s)", (mode) => {
  it.each(SCRIPTS)("prints what GNU uniq prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
