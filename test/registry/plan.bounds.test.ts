// TM-MEM-003: plan mode's plannedCalls are bounded in bytes like the trace: each call keeps at most
// MAX_TRACE_ARGS_BYTES of params' JSON and the run's calls MAX_TRACE_BYTES in all, cut at the trace's markers.
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { MAX_TRACE_ARGS_BYTES, MAX_TRACE_BYTES } from "../../src/limits.js";
import { MODES, type Mode, track } from "../helpers.js";

const BIG = "x".repeat(32 * 1024);

function writer(mode: Mode): ScriptedTool {
  return track(
    new ScriptedTool({
      name: "plan_bounds",
      isolation: mode,
      tools: [
        {
          name: "save",
          inputSchema: { type: "object", properties: { text: { type: "string" } } },
          execute: () => "saved\n",
        },
      ],
    }),
  );
}

describe.each(MODES)("plannedCalls byte bounds (%s)", (mode) => {
  it("keeps a small call's params whole, with no truncated field", async () => {
    const result = await writer(mode).execute("save --text hello >/dev/null", { plan: true });
    expect(result.plannedCalls).toEqual([
      { name: "save", params: { text: "hello" }, callId: result.plannedCalls?.[0]?.callId },
    ]);
    expect(result.plannedCalls?.[0]?.truncated).toBeUndefined();
  });

  it("cuts a 32 KiB flag at the trace's marker and says how big the params were", async () => {
    const result = await writer(mode).execute('save --text "$BIG" >/dev/null', { env: { BIG }, plan: true });
    expect(result.exitCode).toBe(0);
    const [call] = result.plannedCalls ?? [];
    expect(call?.truncated).toEqual({ paramsBytes: JSON.stringify({ text: BIG }).length });
    expect(Object.keys(call?.params ?? {})).toEqual(["text"]);
    expect((call?.params as { text?: string } | undefined)?.text).toMatch(/^x+\[toolshell: \d+ bytes cut\]$/);
    expect(Buffer.byteLength(JSON.stringify(call?.params))).toBeLessThanOrEqual(MAX_TRACE_ARGS_BYTES);
  });

  it("bounds 400 calls with 32 KiB flags to MAX_TRACE_BYTES of params, every call keeping name and callId", async () => {
    const script = 'for i in $(seq 1 400); do save --text "$BIG" >/dev/null; done; echo done';
    const result = await writer(mode).execute(script, { env: { BIG }, plan: true, timeoutMs: 120_000 });
    expect([result.stdout, result.stderr, result.exitCode]).toEqual(["done\n", "", 0]);
    const calls = result.plannedCalls ?? [];
    expect(calls).toHaveLength(400);
    for (const call of calls) {
      expect([call.name, typeof call.callId, call.truncated]).toEqual([
        "save",
        "string",
        { paramsBytes: JSON.stringify({ text: BIG }).length },
      ]);
    }
    const paramsBytes = calls.reduce((sum, call) => sum + Buffer.byteLength(JSON.stringify(call.params)), 0);
    expect(paramsBytes).toBeLessThanOrEqual(MAX_TRACE_BYTES + 2 * calls.length); // 2: "{}" once it is spent
    expect(calls.at(-1)?.params).toEqual({}); // past the run's budget a call keeps no params, only their size
  }, 120_000);
});
