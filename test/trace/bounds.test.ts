// TM-MEM-003: the trace is bounded in bytes, not only in entries: argv and params are cut with a visible marker
// per entry and across the run, and the entry says what was cut.
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { MAX_TRACE_ARGS_BYTES, MAX_TRACE_BYTES } from "../../src/limits.js";
import { MODES, type Mode, track } from "../helpers.js";
import { STUCK, STUCK_DEADLINE_MS, STUCK_STDERR } from "../stuck.js";

const BIG = "x".repeat(32 * 1024);

function echoer(mode: Mode): ScriptedTool {
  return track(
    new ScriptedTool({
      name: "bounds",
      isolation: mode,
      tools: [
        {
          name: "note",
          inputSchema: { type: "object", properties: { text: { type: "string" }, tags: { type: "array" } } },
          execute: () => "ok\n",
        },
      ],
    }),
  );
}

describe.each(MODES)("trace byte bounds (%s)", (mode) => {
  it("keeps a small call's argv and params whole, with no truncated field", async () => {
    const result = await echoer(mode).execute("note --text hello");
    expect(result.stdout).toBe("ok\n");
    expect(result.trace).toHaveLength(1);
    const [entry] = result.trace;
    expect(entry?.argv).toEqual(["--text", "hello"]);
    expect(entry?.params).toEqual({ text: "hello" });
    expect(entry?.truncated).toBeUndefined();
    expect(result.traceTruncated).toBeUndefined();
  });

  it("cuts a 32 KiB flag in argv and params with a marker and says how big each was", async () => {
    const result = await echoer(mode).execute('note --text "$BIG"', { env: { BIG } });
    expect(result.stdout).toBe("ok\n");
    const [entry] = result.trace;
    const argvBytes = "--text".length + BIG.length;
    const paramsBytes = JSON.stringify({ text: BIG }).length;
    expect(entry?.truncated).toEqual({ argvBytes, paramsBytes });
    expect(entry?.argv[0]).toBe("--text");
    expect(entry?.argv[1]).toMatch(/^x+\[toolshell: \d+ bytes cut\]$/);
    expect(Buffer.byteLength(entry?.argv.join("") ?? "")).toBeLessThanOrEqual(MAX_TRACE_ARGS_BYTES);
    const text = (entry?.params as { text?: string } | undefined)?.text;
    expect(text).toMatch(/^x+\[toolshell: \d+ bytes cut\]$/);
    expect(Buffer.byteLength(JSON.stringify(entry?.params))).toBeLessThanOrEqual(MAX_TRACE_ARGS_BYTES);
    expect(result.traceTruncated).toBe(1);
  });

  it("replaces a params value that is not a string with a marker naming its size", async () => {
    const tags = Array.from({ length: 2_000 }, (_, index) => `tag-${index}`);
    const result = await echoer(mode).execute(`note --text short --tags '${JSON.stringify(tags)}'`);
    expect(result.stdout).toBe("ok\n");
    const tagsBytes = JSON.stringify(tags).length;
    expect(result.trace[0]?.params).toEqual({
      text: "short",
      tags: `[toolshell: ${tagsBytes} bytes of JSON cut]`,
    });
  });

  it("bounds 1,000 calls with 32 KiB flags to about MAX_TRACE_BYTES, every entry keeping name and exit code", async () => {
    const script = 'for i in $(seq 1 1000); do r=$(note --text "$BIG"); done; echo "$r"';
    const result = await echoer(mode).execute(script, { env: { BIG }, timeoutMs: 120_000 });
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("ok\n");
    expect(result.trace).toHaveLength(1_000);
    expect(result.traceDropped).toBe(0);
    expect(result.traceTruncated).toBe(1_000);
    for (const entry of result.trace) {
      expect([entry.name, entry.exitCode, entry.outcome]).toEqual(["note", 0, "ok"]);
      expect(entry.truncated?.argvBytes).toBe(6 + BIG.length);
    }
    // Each entry's own fields (name, timing, callId, outcome, bytes...) stay small; argv and params share the cap.
    const bytes = Buffer.byteLength(JSON.stringify(result.trace));
    expect(bytes).toBeLessThan(MAX_TRACE_BYTES + 1_000 * 400);
    // Past the run's budget an entry keeps one marker word and no params.
    expect(result.trace.at(-1)?.argv).toEqual([`[toolshell: ${6 + BIG.length} bytes cut]`]);
    expect(result.trace.at(-1)?.params).toBeUndefined();
  }, 120_000);
});

describe("trace byte bounds of a run whose worker is terminated", () => {
  it("bounds the trace the host kept of its calls the same way", async () => {
    // A synchronous command that runs far past the deadline: the host ends the run with the calls it saw.
    const script = `for i in $(seq 1 200); do r=$(note --text "$BIG"); done; ${STUCK}`;
    // STUCK's deadline: STUCK outlasts it with room to spare, where a longer one (3 s) did not always.
    const result = await echoer("worker").execute(script, { env: { BIG }, timeoutMs: STUCK_DEADLINE_MS });
    expect(result.exitCode).toBe(124);
    expect(result.stderr).toBe(STUCK_STDERR);
    expect(result.trace.length).toBeGreaterThan(0);
    expect(result.traceTruncated).toBe(result.trace.length);
    for (const entry of result.trace) expect(entry.truncated?.argvBytes).toBe(6 + BIG.length);
    const bytes = Buffer.byteLength(JSON.stringify(result.trace));
    expect(bytes).toBeLessThan(result.trace.length * (2 * MAX_TRACE_ARGS_BYTES + 400));
  }, 30_000);
});
