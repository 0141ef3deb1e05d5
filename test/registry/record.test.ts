import { describe, expect, it } from "vitest";
import { type CallRecord, ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

const tools: ToolDefinition[] = [
  {
    name: "get_user",
    risk: { readOnly: true },
    inputSchema: { type: "object", properties: { id: { type: "integer" } } },
    execute: ({ id }) => ({ id, name: "Jané" }),
  },
  { name: "delete_user", execute: () => "deleted\n" },
  {
    name: "boom",
    risk: { readOnly: true },
    execute: () => {
      throw new Error("x");
    },
  },
];

describe.each(MODES)("the record of each call (%s)", (mode) => {
  it("completes each trace entry: callId, tenant, decision, durationMs, outcome, bytes in and out, attempts", async () => {
    const api = track(
      new ScriptedTool({
        name: "rec",
        isolation: mode,
        tools,
        policy: (call) => (call.name === "delete_user" ? "deny" : "allow"),
      }),
    );
    const result = await api.execute("get_user --id 7; delete_user; echo '{\"id\":8}' | get_user", {
      tenant: "acme",
    });
    const [first, denied, piped] = result.trace;
    expect(first).toEqual({
      name: "get_user",
      kind: "tool",
      argv: ["--id", "7"],
      params: { id: 7 },
      exitCode: 0,
      durationMs: expect.any(Number),
      callId: expect.stringMatching(/^call_/),
      decision: "allow",
      tenant: "acme",
      outcome: "ok",
      bytesIn: 8, // {"id":7}
      bytesOut: 24, // {"id":7,"name":"Jané"} and a newline: 23 characters, é takes two bytes
      attempts: 1,
    });
    expect(denied).toMatchObject({
      decision: "deny",
      outcome: "denied",
      attempts: 0,
      bytesOut: 0,
      tenant: "acme",
    });
    expect(piped).toMatchObject({ outcome: "ok", bytesIn: 8 + 9 }); // params JSON plus the piped stdin
  });
});

describe.each(MODES)("calls the shell refused for invalid params (%s)", (mode) => {
  it("are recorded too: onCall and stats() see them when the run ends, and the trace links to the record", async () => {
    const records: CallRecord[] = [];
    const api = track(
      new ScriptedTool({
        name: "rec",
        isolation: mode,
        tools,
        onCall: (record) => void records.push(record),
      }),
    );
    const result = await api.execute(
      'get_user --id abc; get_user --id 2 >/dev/null; get_user --dry-run --id x; echo \'{"id":"y"}\' | get_user',
      { tenant: "acme" },
    );
    expect(result.exitCode).toBe(2);
    expect(records.map((record) => `${record.surface}:${record.outcome}:${record.exitCode}`)).toEqual([
      "shell:ok:0",
      "shell:invalid_params:2",
      "shell:invalid_params:2",
    ]);
    const [refused, , dryRun, piped] = result.trace;
    expect(records[1]).toEqual({
      callId: refused?.callId,
      name: "get_user",
      surface: "shell",
      tenant: "acme",
      outcome: "invalid_params",
      exitCode: 2,
      durationMs: refused?.durationMs,
      bytesIn: 12, // {"id":"abc"}
      bytesOut: 0,
      attempts: 0,
    });
    expect(refused).toMatchObject({
      callId: expect.stringMatching(/^call_/),
      outcome: "invalid_params",
      bytesIn: 12,
    });
    // A dry run only checks its params: no call, no record.
    expect(dryRun).toMatchObject({ exitCode: 2, outcome: "invalid_params" });
    expect(dryRun?.callId).toBeUndefined();
    expect(piped).toMatchObject({ exitCode: 2, callId: records[2]?.callId, bytesIn: 10 + 11 }); // {"id":"y"}, then the piped line
    expect(api.stats().get_user).toMatchObject({
      calls: 3,
      errors: 2,
      byOutcome: { ok: 1, invalid_params: 2 },
    });
  });
});

describe("onCall and stats()", () => {
  it("records at most as many refused calls per run as the trace keeps", async () => {
    let records = 0;
    const api = track(
      new ScriptedTool({ name: "rec", isolation: "inline", tools, onCall: () => void records++ }),
    );
    const result = await api.execute("for i in $(seq 1 1005); do get_user --id x$i; done 2>/dev/null");
    expect(result.exitCode).toBe(2);
    expect(records).toBe(1_000);
    expect(result.traceDropped).toBe(5);
    expect(api.stats().get_user).toMatchObject({ calls: 1_000, errors: 1_000 });
  });

  it("gets one record per call from every surface, the ScriptedTool's hook then the run's", async () => {
    const seen: string[] = [];
    const records: CallRecord[] = [];
    const api = track(
      new ScriptedTool({
        name: "rec",
        isolation: "inline",
        tools,
        onCall: (record) => {
          records.push(record);
          seen.push(`tool:${record.surface}:${record.name}:${record.outcome}`);
        },
      }),
    );
    await api.execute("get_user --id 1; boom", {
      tenant: "t1",
      onCall: (record) => void seen.push(`run:${record.name}`),
    });
    await api.call("get_user", { id: 2 }, { tenant: "t2" });
    await api.call("nope");
    expect(seen).toEqual([
      "tool:shell:get_user:ok",
      "run:get_user",
      "tool:shell:boom:handler_failed",
      "run:boom",
      "tool:host:get_user:ok",
      "tool:host:nope:not_found",
    ]);
    expect(records[2]).toMatchObject({ tenant: "t2", surface: "host", bytesIn: 8, attempts: 1 });
    expect(Object.isFrozen(records[0])).toBe(true);
  });

  it("never lets a hook break a run or a call, whether it throws or rejects", async () => {
    const api = track(
      new ScriptedTool({
        name: "rec",
        isolation: "inline",
        tools,
        onCall: () => {
          throw new Error("audit log down");
        },
      }),
    );
    const result = await api.execute("get_user --id 1", {
      onCall: () => Promise.reject(new Error("also down")),
    });
    expect(result).toMatchObject({ stdout: '{"id":1,"name":"Jané"}\n', stderr: "", exitCode: 0 });
    expect(await api.call("get_user", { id: 1 })).toMatchObject({ ok: true });
  });

  it("keeps per-tool calls, errors, error rate, latency percentiles and outcomes over the last 1,000 calls", async () => {
    let delay = 0;
    const api = track(
      new ScriptedTool({
        name: "rec",
        isolation: "inline",
        tools: [
          ...tools,
          {
            name: "timed",
            risk: { readOnly: true },
            execute: () => new Promise((resolve) => setTimeout(() => resolve("ok\n"), delay)),
          },
        ],
      }),
    );
    await api.execute("for i in $(seq 1 9); do get_user --id $i; done >/dev/null; boom; boom || true");
    await api.call("get_user", { id: "bad" });
    const stats = api.stats();
    expect(stats.get_user).toMatchObject({
      calls: 10,
      errors: 1,
      errorRate: 0.1,
      byOutcome: { ok: 9, invalid_params: 1 },
      lateResults: 0,
    });
    expect(stats.boom).toMatchObject({ calls: 2, errors: 2, errorRate: 1, byOutcome: { handler_failed: 2 } });
    expect(stats.delete_user).toBeUndefined();
    // Plan mode's calls never ran: they are not in the figures.
    await api.execute("delete_user --id 1", { plan: true });
    expect(api.stats().delete_user).toBeUndefined();

    for (let i = 0; i < 1_005; i++) await api.call("timed");
    delay = 30;
    await api.call("timed");
    const timed = api.stats().timed;
    expect(timed?.calls).toBe(1_000);
    expect(timed?.latencyMs.p50).toBeLessThan(10);
    expect(timed?.latencyMs.p99).toBeLessThan(30);
    expect(timed?.latencyMs.p50).toBeLessThanOrEqual(timed?.latencyMs.p90 ?? 0);
    // the slowest call is past p99 of 1,000 (the 990th); the maximum shows nowhere but it was counted
    expect(timed?.byOutcome).toEqual({ ok: 1_000 });
  });

  it("keeps no figures for a tool removed while its call ran: stats() lists registered tools only", async () => {
    let finish: (value: string) => void = () => {};
    const api = track(
      new ScriptedTool({
        name: "rec",
        isolation: "inline",
        tools: [
          { name: "gone", execute: () => new Promise<string>((resolve) => (finish = resolve)) },
          { name: "stuck", timeoutMs: 20, execute: () => new Promise((resolve) => setTimeout(resolve, 60)) },
        ],
      }),
    );
    const pending = api.call("gone");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(api.remove("gone")).toBe(true);
    finish("done\n");
    expect(await pending).toMatchObject({ ok: true });
    expect(await api.call("stuck")).toMatchObject({ ok: false, error: { code: "timeout" } });
    expect(api.remove("stuck")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80)); // stuck's late result arrives after its removal
    expect(api.stats()).toEqual({});
  });
});
