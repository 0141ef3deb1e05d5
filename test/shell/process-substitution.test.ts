import { describe, expect, it } from "vitest";
import { MODES, shop } from "../helpers.js";

const NO_FS = "this shell has no filesystem";

/** Scripts models write with process substitution, and what the logic-only shell answers (scratch off). */
const CASES: [string, string, string, number][] = [
  [
    "a loop fed by < <(cmd)",
    "while read -r l; do echo \"got $l\"; done < <(printf '1\\n2\\n'); echo end",
    `bash: process substitution < <(printf '1\\n2\\n') refused: ${NO_FS}, so <(...) has no file to read; use a here-string instead: <<< "$(printf '1\\n2\\n')" (or a pipe: printf '1\\n2\\n' | ...)\n`,
    0,
  ],
  [
    "diff <(a) <(b)",
    "diff <(echo a) <(echo b)",
    `bash: process substitution <(echo a) refused: ${NO_FS}, so <(...) has no file to read; pipe its output in instead (echo a | ...) or capture it first: out=$(echo a)\n`,
    1,
  ],
  [
    "cat <(cmd)",
    "cat <(list_products | jq -r '.[].name')",
    `bash: process substitution <(list_products | jq -r '.[].name') refused: ${NO_FS}, so <(...) has no file to read; pipe its output in instead (list_products | jq -r '.[].name' | ...) or capture it first: out=$(list_products | jq -r '.[].name')\n`,
    1,
  ],
  [
    "tee >(cmd)",
    "echo hi | tee >(wc -c)",
    `bash: process substitution >(wc -c) refused: ${NO_FS}, so >(...) has no file to write to; pipe into the command instead: ... | wc -c\n`,
    1,
  ],
];

describe.each(MODES)("process substitution without scratch (%s)", (mode) => {
  it.each(CASES)(
    "names process substitution and its alternative: %s",
    async (_, script, stderr, exitCode) => {
      const result = await shop(mode).execute(script);
      expect({
        stdout: result.stdout.replace(/^end\n$/, ""),
        stderr: result.stderr,
        exitCode: result.exitCode,
      }).toEqual({
        stdout: "",
        stderr,
        exitCode,
      });
    },
  );

  it("cuts a long substituted command in the message", async () => {
    const result = await shop(mode).execute(`cat <(echo ${"x".repeat(100)})`);
    expect(result.stderr).toBe(
      `bash: process substitution <(echo ${"x".repeat(52)}...) refused: ${NO_FS}, so <(...) has no file to read; pipe its output in instead (echo ${"x".repeat(52)}... | ...) or capture it first: out=$(echo ${"x".repeat(52)}...)\n`,
    );
  });
});
