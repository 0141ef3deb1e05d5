// The state store behind rate limits and breakers: a store of the host's own that hangs or fails gets each tool's
// onStoreError decision within the store's timeout, and MemoryStore keeps today's behaviour.
import { describe, expect, it } from "vitest";
import {
  type AdmitRequest,
  type BreakerSettings,
  type BreakerVerdict,
  type CallRecord,
  MemoryStore,
  ScriptedTool,
  type StateStore,
} from "../../src/index.js";
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
    release: () => {},
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
      "strict: rate limit unavailable (its state store did not answer); try again later\n",
    );
    expect(result.stderr).toContain("guarded: temporarily unavailable (its state store did not answer)\n");
    // What the store failed with may name its host: the record has it, the script never.
    expect(result.stderr).not.toContain(errorWords);
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

/** MemoryStore's decisions, or failures while `down` is set; late answers after `lateMs` when it is. */
class SwitchableStore implements StateStore {
  readonly timeoutMs = 40;
  down = false;
  lateMs = 0;
  readonly released: [string, string, string | undefined][] = [];
  private readonly memory = new MemoryStore();

  private answer<T>(value: () => T): T | Promise<T> {
    if (this.down) return Promise.reject(new Error("connection refused"));
    if (this.lateMs > 0) return new Promise((resolve) => setTimeout(() => resolve(value()), this.lateMs));
    return value();
  }
  admit(key: string, request: AdmitRequest) {
    return this.answer(() => this.memory.admit(key, request));
  }
  take(key: string, limit: { calls: number; perMs: number }, ticket: string) {
    return this.answer(() => this.memory.take(key, limit, ticket));
  }
  settle(key: string, breaker: BreakerSettings, verdict: BreakerVerdict, token?: string) {
    return this.answer(() => this.memory.settle(key, breaker, verdict, token));
  }
  release(key: string, ticket: string, token?: string) {
    this.released.push([key, ticket, token]);
    this.memory.release(key, ticket, token);
  }
  put = (key: string, value: string, ttl: number) => this.memory.put(key, value, ttl);
  get = (key: string, renew?: number) => this.memory.get(key, renew);
  delete = (key: string) => this.memory.delete(key);
  publish = (channel: string, message: string) => this.memory.publish(channel, message);
  subscribe = (channel: string, listener: (message: string) => void) =>
    this.memory.subscribe(channel, listener);
  close = async () => {};
}

describe("a shared store's answers and this process's own breaker", () => {
  function flaky(store: StateStore) {
    let fail = true;
    let runs = 0;
    const api = track(
      new ScriptedTool({
        name: "app",
        isolation: "inline",
        store,
        tools: [
          {
            name: "flaky",
            description: "Fails while told to.",
            breaker: { failures: 2, windowMs: 60_000, cooldownMs: 100 },
            execute: async () => {
              runs++;
              await new Promise((resolve) => setTimeout(resolve, 30));
              if (fail) throw new Error("down");
              return "fine\n";
            },
          },
        ],
      }),
    );
    return { api, heal: () => (fail = false), runs: () => runs };
  }

  it("closes its own breaker when a shared trial succeeds, so an outage later starts from a closed circuit", async () => {
    const store = new SwitchableStore();
    const { api, heal, runs } = flaky(store);
    expect((await api.execute("flaky; flaky; flaky; echo $?")).stdout).toBe("75\n"); // open in the store
    await new Promise((resolve) => setTimeout(resolve, 150));
    heal();
    expect((await api.execute("flaky")).stdout).toBe("fine\n"); // the trial, through the store: closed
    store.down = true;
    const before = runs();
    const outage = await api.execute("flaky & flaky & flaky & wait; echo done");
    expect(outage.stdout.split("\n").filter((line) => line === "fine")).toHaveLength(3);
    expect(runs() - before).toBe(3);
  });

  it("undoes a late admission: the trial it granted is freed for the next call", async () => {
    const store = new SwitchableStore();
    const { api, heal } = flaky(store);
    await api.execute("flaky; flaky"); // opens
    await new Promise((resolve) => setTimeout(resolve, 150));
    heal();
    store.lateMs = 100; // the store grants the trial, but after the 40 ms timeout: the local breaker decides
    await api.execute("flaky");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(store.released.length).toBe(1);
    expect(store.released[0]?.[2]).toMatch(/^trial-/);
    store.lateMs = 0;
    // Without the release, the trial would be held (the call that got it never ran under it): circuit_open.
    expect((await api.execute("flaky")).stdout).toBe("fine\n");
  });
});

describe("MemoryStore's values (TM-DOS-010)", () => {
  it("keeps at most 100,000 values, dropping the least recently written, and renews on a read that asks", () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    for (let i = 0; i < 100_010; i++) store.put(`session:${i}`, "x", 1000);
    expect(store.get("session:0")).toBeUndefined();
    expect(store.get("session:9")).toBeUndefined();
    expect(store.get("session:10")).toBe("x");
    expect(store.get("session:100009")).toBe("x");
    now = 900;
    expect(store.get("session:10", 1000)).toBe("x"); // renewed until 1900
    now = 1500;
    expect(store.get("session:10")).toBe("x");
    expect(store.get("session:11")).toBeUndefined(); // expired at 1000
    store.delete("session:10");
    expect(store.get("session:10", 1000)).toBeUndefined();
  });
});
