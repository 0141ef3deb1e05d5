// ADR 0034: the host owns the facts of the calls it answers (their trace entries are made from the request and the
// registry's record as each call ends), and one layer (run/guarded-dispatch.ts) guarantees a call never rejects.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { Registry } from "../../src/registry/registry.js";
import { MODES, type Mode, track } from "../helpers.js";
import { STUCK, STUCK_DEADLINE_MS, STUCK_STDERR } from "../stuck.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a run whose worker is terminated mid-run", () => {
  it("keeps the trace entries of the calls that completed before, with their records' facts", async () => {
    const api = track(
      new ScriptedTool({
        name: "facts",
        workers: 1,
        policy: () => "allow",
        tools: [{ name: "note", execute: ({ text }) => `${String(text)}\n` }],
      }),
    );
    await api.execute("true"); // the worker is up: the stuck command starts well before the deadline
    const result = await api.execute(`note --text a; note --text bb; ${STUCK}`, {
      timeoutMs: STUCK_DEADLINE_MS,
      tenant: "acme",
    });
    expect(result.exitCode).toBe(124);
    expect(result.stderr).toBe(STUCK_STDERR);
    expect(result.trace).toEqual([
      expect.objectContaining({ name: "note", argv: ["--text", "a"], params: { text: "a" }, bytesOut: 2 }),
      expect.objectContaining({ name: "note", argv: ["--text", "bb"], params: { text: "bb" }, bytesOut: 3 }),
    ]);
    for (const entry of result.trace) {
      expect(entry).toMatchObject({
        kind: "tool",
        exitCode: 0,
        callId: expect.stringMatching(/^call_/),
        decision: "allow",
        tenant: "acme",
        outcome: "ok",
        bytesIn: expect.any(Number),
        attempts: 1,
      });
    }
  }, 20_000);
});

/** One tool per way a callback can fail, an onCall hook that throws, and a policy that fails (it denies). */
function failing(mode: Mode): ScriptedTool {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  return track(
    new ScriptedTool({
      name: "failing",
      isolation: mode,
      onCall: () => {
        throw new Error("hook failed");
      },
      policy: (call) => {
        if (call.name === "guarded") throw new Error("policy failed");
        return "allow";
      },
      tools: [
        {
          name: "throws",
          execute: () => {
            throw new Error("boom");
          },
        },
        { name: "rejects", execute: () => Promise.reject(new Error("boom")) },
        { name: "bigint", execute: () => ({ n: 1n }) },
        { name: "cyclic", execute: () => cycle },
        { name: "guarded", execute: () => "never\n" },
        { name: "fine", execute: () => "fine\n" },
      ],
    }),
  );
}

describe.each(MODES)("a call never rejects (%s)", (mode) => {
  it("gives an outcome and a trace entry for every kind of callback, hook and policy failure", async () => {
    const api = failing(mode);
    const result = await api.execute(
      'for t in throws rejects bigint cyclic guarded fine; do $t; echo "$t=$?"; done',
    );
    expect(result.stdout).toBe("throws=1\nrejects=1\nbigint=1\ncyclic=1\nguarded=126\nfine\nfine=0\n");
    expect(result.trace.map((entry) => [entry.name, entry.outcome])).toEqual([
      ["throws", "handler_failed"],
      ["rejects", "handler_failed"],
      ["bigint", "handler_failed"],
      ["cyclic", "handler_failed"],
      ["guarded", "denied"],
      ["fine", "ok"],
    ]);
  });

  it("gives an outcome when the registry itself throws or rejects, and the run goes on", async () => {
    const api = failing(mode);
    const dispatch = vi.spyOn(Registry.prototype, "dispatch");
    dispatch.mockImplementationOnce(() => {
      throw new Error("registry broke");
    });
    dispatch.mockImplementationOnce(() => Promise.reject(new Error("registry broke")));
    const result = await api.execute('fine; echo "a=$?"; fine; echo "b=$?"; fine');
    expect(result.stdout).toBe("a=1\nb=1\nfine\n");
    expect(result.stderr).toBe(
      "fine: the call failed inside toolshell\nfine: the call failed inside toolshell\n",
    );
    expect(result.trace.map((entry) => [entry.outcome, entry.exitCode])).toEqual([
      ["handler_failed", 1],
      ["handler_failed", 1],
      ["ok", 0],
    ]);
  });
});

describe("a host call never rejects", () => {
  it("gives a typed error when the registry itself throws or rejects", async () => {
    const api = failing("inline");
    const dispatch = vi.spyOn(Registry.prototype, "dispatch");
    dispatch.mockImplementationOnce(() => {
      throw new Error("registry broke");
    });
    dispatch.mockImplementationOnce(() => Promise.reject(new Error("registry broke")));
    for (let i = 0; i < 2; i++) {
      const result = await api.call("fine", {});
      expect(result).toMatchObject({ ok: false, error: { code: "handler_failed" } });
    }
    expect(await api.call("fine", {})).toMatchObject({ ok: true, output: "fine\n" });
    expect(await api.call("throws", {})).toMatchObject({ ok: false, error: { code: "handler_failed" } });
  });
});
