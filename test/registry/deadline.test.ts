import { execFile } from "node:child_process";
import { getEventListeners } from "node:events";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { type CallRecord, ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

function tools(): ToolDefinition[] {
  return [
    { name: "never", timeoutMs: 40, execute: () => new Promise(() => {}) },
    {
      name: "deaf",
      timeoutMs: 40,
      // ignores ctx.signal: answers 120 ms later whatever happens
      execute: () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 120)),
    },
    {
      name: "deaf_throw",
      timeoutMs: 40,
      execute: () => new Promise((_, reject) => setTimeout(() => reject(new Error("too late")), 120)),
    },
  ];
}

describe.each(MODES)("a call's deadline (%s)", (mode) => {
  it("ends a callback that never settles and one that ignores its signal with exit 124", async () => {
    const api = track(new ScriptedTool({ name: "d", isolation: mode, tools: tools() }));
    await api.execute("true"); // start the worker outside the measured time
    const started = Date.now();
    const result = await api.execute('never; echo "never: $?"; deaf; echo "deaf: $?"');
    expect(result.stdout).toBe("never: 124\ndeaf: 124\n");
    expect(result.stderr).toBe("never: timed out after 40 ms\ndeaf: timed out after 40 ms\n");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result.trace.map((entry) => [entry.name, entry.outcome, entry.abandoned])).toEqual([
      ["never", "timeout", true],
      ["deaf", "timeout", true],
    ]);
  });
});

describe("late results", () => {
  it("reports a callback that settles after its deadline: a second onCall record with `late`, and stats", async () => {
    const records: CallRecord[] = [];
    const api = track(
      new ScriptedTool({
        name: "d",
        isolation: "inline",
        tools: tools(),
        onCall: (record) => records.push(record),
      }),
    );
    const result = await api.execute("deaf; deaf_throw");
    expect(result.exitCode).toBe(124);
    expect(records.map((record) => [record.name, record.outcome, record.late])).toEqual([
      ["deaf", "timeout", undefined],
      ["deaf_throw", "timeout", undefined],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(records.slice(2)).toEqual([
      expect.objectContaining({
        name: "deaf",
        callId: records[0]?.callId,
        outcome: "timeout",
        abandoned: true,
        late: { settled: "value", afterMs: expect.any(Number) },
      }),
      expect.objectContaining({
        name: "deaf_throw",
        outcome: "timeout",
        late: { settled: "error", afterMs: expect.any(Number) },
        // What it threw, late, is the host's to read (issue 16, item 3); a late value is dropped.
        error: expect.objectContaining({ name: "Error", message: "too late" }),
      }),
    ]);
    expect(records[2]?.late?.afterMs).toBeGreaterThanOrEqual(100);
    expect(records[1]?.error).toBeUndefined();
    expect(JSON.stringify(records)).not.toContain('"late":true');
    const stats = api.stats();
    expect(stats.deaf).toMatchObject({ calls: 1, lateResults: 1, byOutcome: { timeout: 1 } });
    expect(stats.deaf_throw).toMatchObject({ lateResults: 1 });
  });

  it("gives ctx.deadline as the smallest of the run's budget and the tool's timeoutMs", async () => {
    const seen: number[] = [];
    const api = track(
      new ScriptedTool({
        name: "d",
        isolation: "inline",
        tools: [
          { name: "own", timeoutMs: 50, execute: (_p, ctx) => void seen.push(ctx.deadline - Date.now()) },
          { name: "run", timeoutMs: 60_000, execute: (_p, ctx) => void seen.push(ctx.deadline - Date.now()) },
        ],
      }),
    );
    await api.execute("own; run", { timeoutMs: 1_000 });
    expect(seen[0]).toBeLessThanOrEqual(50);
    expect(seen[1]).toBeGreaterThan(500);
    expect(seen[1]).toBeLessThanOrEqual(1_000);
  });
});

describe("the timeout message", () => {
  it("quotes the tool's timeoutMs only when that limit ended the call, not the run's deadline", async () => {
    const api = track(
      new ScriptedTool({
        name: "d",
        isolation: "inline",
        tools: [{ name: "slow", timeoutMs: 10_000, execute: () => new Promise(() => {}) }],
      }),
    );
    const result = await api.execute("slow", { timeoutMs: 100 });
    expect(result.stderr).toBe("slow: timed out\ntoolshell: timed out after 100 ms\n");
    expect(await api.call("slow", {}, { timeoutMs: 50 })).toMatchObject({
      ok: false,
      error: { code: "timeout", message: "slow: timed out" },
    });
  });
});

describe("a host call's deadline", () => {
  it("keeps the process alive until the call ends: a script awaiting a hung tool gets its timeout", async () => {
    const source = fileURLToPath(new URL("../../src/index.ts", import.meta.url));
    const code = [
      `import { ScriptedTool } from ${JSON.stringify(source)};`,
      'const api = new ScriptedTool({ name: "x", isolation: "inline", telemetry: false,',
      '  tools: [{ name: "hang", execute: () => new Promise(() => {}) }] });',
      'const result = await api.call("hang", {}, { timeoutMs: 100 });',
      "console.log(JSON.stringify(result.ok ? null : result.error));",
    ].join("\n");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", code],
      { timeout: 20_000 },
    );
    expect(JSON.parse(stdout)).toEqual({ code: "timeout", message: "hang: timed out" });
  });

  it("leaves nothing on a long-lived caller signal and no timer behind once calls end", async () => {
    const api = track(
      new ScriptedTool({
        name: "d",
        isolation: "inline",
        telemetry: false,
        tools: [{ name: "quick", risk: { readOnly: true }, execute: () => "ok" }],
      }),
    );
    const caller = new AbortController();
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const before = timers();
    for (let index = 0; index < 200; index++) {
      expect((await api.call("quick", {}, { signal: caller.signal })).ok).toBe(true);
    }
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
    expect(timers()).toBe(before);
    caller.abort();
    expect(await api.call("quick", {}, { signal: caller.signal })).toMatchObject({
      ok: false,
      error: { code: "cancelled" },
    });
  });

  it("answers options that are not options with a typed error instead of throwing", async () => {
    const api = track(
      new ScriptedTool({ name: "d", isolation: "inline", tools: [{ name: "quick", execute: () => "ok" }] }),
    );
    expect(await api.call("quick", {}, null as never)).toMatchObject({ ok: true, value: "ok" });
    expect(await api.call("quick", {}, { signal: {} as AbortSignal })).toMatchObject({
      ok: false,
      error: { code: "invalid_params", message: "options.signal must be an AbortSignal" },
    });
  });
});
