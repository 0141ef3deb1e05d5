// TM-DOS-008: a value with hundreds of thousands of mismatches (a tool result, or host-call params) is checked on
// the caller's thread; wording every one of ajv's errors held the event loop for seconds. Only the first
// MAX_WORDED_ERRORS are worded, the rest counted.
import { describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { MAX_WORDED_ERRORS } from "../../src/schema/validate.js";
import { MODES, track } from "../helpers.js";

const MISMATCHES = 300_000;
/** Each item's `a` should be a string: every item is one mismatch. */
const items = Array.from({ length: MISMATCHES }, (_, i) => ({ a: i }));
const itemsSchema = {
  type: "array",
  items: { type: "object", properties: { a: { type: "string" } } },
} as const;

const big: ToolDefinition = {
  name: "big",
  inputSchema: { type: "object", properties: {} },
  outputSchema: itemsSchema,
  execute: () => items,
};
const take: ToolDefinition = {
  name: "take",
  inputSchema: { type: "object", properties: { items: itemsSchema }, required: ["items"] },
  execute: () => "ok\n",
};

describe.each(MODES)("a value with many mismatches (%s)", (mode) => {
  const api = track(new ScriptedTool({ name: "mismatches", isolation: mode, tools: [big, take] }));

  it("is checked within the run's deadline, its first issues listed and the rest counted", async () => {
    const result = await api.execute("big | wc -c", { timeoutMs: 2_000 });
    expect(result.exitCode).toBe(0);
    const issues = result.trace[0]?.outputIssues ?? [];
    expect(issues[0]).toBe(".[0].a: expected string, got 0");
    expect(issues.at(-1)).toBe(`... and ${MISMATCHES - 10} more`);
  });

  it("fails a host call at once, counting what it did not word", async () => {
    // 100,000 mismatches in ~800 KB of params (host calls take at most 1 MiB).
    const call = await api.call(
      "take",
      { items: Array.from({ length: 100_000 }, () => ({ a: 0 })) },
      { timeoutMs: 2_000 },
    );
    expect(call.ok).toBe(false);
    if (call.ok) return;
    expect(call.error.code).toBe("invalid_params");
    expect(call.error.issues?.length).toBe(MAX_WORDED_ERRORS);
  });
});
