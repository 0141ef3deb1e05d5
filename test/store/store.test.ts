// The state store behind rate limits and breakers: a store of the host's own that hangs or fails gets each tool's
// onStoreError decision within the store's timeout, and MemoryStore keeps today's behaviour.
import { describe, expect, it } from "vitest";
import { type CallRecord, MemoryStore, ScriptedTool, type StateStore } from "../../src/index.js";
import { track } from "../helpers.js";

/** A store whose decisions never answer (Redis stalled) or fail at once (Redis down). */
function brokenStore(mode: "hang" | "fail"): StateStore {
  const never = () =>
    mode === "hang" ? new Promise<never>(() => {}) : Promise.reject(new Error("connection refused"));
  const memory = new MemoryStore();
  return {
    timeoutMs: 50,
    admit: never,
    take: never,
    settle: never,
    put: (key, value, ttl) => memory.put(key, value, ttl),
    get: (key) => memory.get(key),
    delete: (key) => memory.delete(key),
    publish: (channel, message) => memory.publish(channel, message),
    subscribe: (channel, listener) => memory.subscribe(channel, listener),
    close: async () => {},
  };
}

function app(store: StateStore, records: CallRecord[]) {
  let flakyRuns = 0;
  const api = track(
    new ScriptedTool({
      name: "app",
      isolation: "inline",
      store,
      onCall: (record) => records.push(record),
      tools: [
        {
          name: "strict",
          description: "Limited.",
          rateLimit: { calls: 5, perMs: 1000 },
          execute: () => "ok\n",
        },
        {
          name: "lenient",
          description: "Limited, lifted when the store fails.",
          rateLimit: { calls: 5, perMs: 1000, onStoreError: "allow" },
          execute: () => "ok\n",
        },
        {
          name: "flaky",
          description: "Fails.",
          breaker: { failures: 2, windowMs: 10_000, cooldownMs: 60_000 },
          execute: () => {
            flakyRuns++;
            throw new Error("down");
          },
        },
        {
          name: "guarded",
          description: "Refused when the store fails.",
          breaker: { failures: 2, onStoreError: "deny" },
          execute: () => "ok\n",
        },
      ],
    }),
  );
  return { api, runs: () => flakyRuns };
}

describe.each(["hang", "fail"] as const)("a store that %ss", (mode) => {
  it("answers each call with the tool's onStoreError choice within the store's timeout, and the record says so", async () => {
    const records: CallRecord[] = [];
    const { api, runs } = app(brokenStore(mode), records);
    const result = await api.execute(
      "strict; echo $?; lenient; guarded; echo $?; flaky; flaky; flaky; echo $?",
    );
    // No call waited for the store past its timeout (admit, then settle for a failure: 50 ms each).
    for (const record of records) expect(record.durationMs).toBeLessThan(1000);
    const errorWords = mode === "hang" ? "the state store's admit took over 50 ms" : "connection refused";
    expect(result.stdout).toBe("75\nok\n75\n75\n");
    expect(result.stderr).toContain(
      `strict: rate limit unavailable: its state store failed (${errorWords}); try again later\n`,
    );
    expect(result.stderr).toContain(
      `guarded: temporarily unavailable (its state store failed: ${errorWords})\n`,
    );
    // The breaker fell back to this process's own, which opened after 2 failures.
    expect(result.stderr).toContain("flaky: temporarily unavailable (2 recent failures)\n");
    expect(runs()).toBe(2);
    const byName = (name: string) =>
      records.filter((record) => record.name === name).map((record) => record.store);
    expect(byName("strict")).toEqual([{ error: errorWords, rateLimit: "deny" }]);
    expect(byName("lenient")).toEqual([{ error: errorWords, rateLimit: "allow" }]);
    expect(byName("guarded")).toEqual([{ error: errorWords, breaker: "deny" }]);
    expect(byName("flaky")[0]).toMatchObject({ error: errorWords, breaker: "local" });
  });
});

describe("MemoryStore (the default)", () => {
  it("leaves records without `store` and counts a limit per ScriptedTool", async () => {
    const records: CallRecord[] = [];
    const store = new MemoryStore();
    const first = app(store, records).api;
    const result = await first.execute("for i in 1 2 3 4 5 6; do strict; done");
    expect(result.stdout).toBe("ok\n".repeat(5));
    expect(records.every((record) => record.store === undefined)).toBe(true);
    // Another ScriptedTool on the same store has tools of its own name: its limit is its own.
    const other = track(
      new ScriptedTool({
        name: "other",
        isolation: "inline",
        store,
        tools: [
          {
            name: "strict",
            description: "Limited.",
            rateLimit: { calls: 5, perMs: 1000 },
            execute: () => "ok\n",
          },
        ],
      }),
    );
    expect((await other.execute("strict")).stdout).toBe("ok\n");
  });

  it("refuses an onStoreError it does not know, at registration", () => {
    expect(
      () =>
        new ScriptedTool({
          name: "bad",
          // A JavaScript caller's typo: TypeScript would refuse it.
          tools: [
            {
              name: "t",
              description: "x",
              rateLimit: { calls: 1, perMs: 1, onStoreError: "maybe" as "deny" },
              execute: () => "",
            },
          ],
        }),
    ).toThrow('t: rateLimit.onStoreError must be "allow", "deny"');
  });
});

describe("MemoryStore and tools registered again", () => {
  it("forgets a removed tool's window", async () => {
    const definition = (failures: number) => ({
      name: "t",
      description: "Limited.",
      rateLimit: { calls: 1, perMs: 60_000 },
      breaker: { failures, windowMs: 60_000, cooldownMs: 60_000 },
      execute: () => "ok\n",
    });
    const api = track(new ScriptedTool({ name: "again", isolation: "inline", tools: [definition(2)] }));
    expect((await api.execute("t; t")).stdout).toBe("ok\n");
    api.remove("t");
    api.add(definition(2));
    // Registered again: a fresh window, as before the store existed.
    expect((await api.execute("t")).stdout).toBe("ok\n");
  });
});
