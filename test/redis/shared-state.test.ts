// Rate limits and breakers shared by two processes through a real Redis (test/redis-server.ts), and what calls get
// when Redis stops mid-test and comes back.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisServer, redisMissing, redisServerMissing, sharedRedis } from "../redis-server.js";
import { Replica } from "./replica.js";

describe.skipIf(redisMissing)("RedisStore: two processes share one state", () => {
  let redis: { url: string; stop: () => Promise<void> };
  const replicas: Replica[] = [];
  const start = (prefix: string) => {
    const replica = Replica.start(redis.url, prefix);
    replicas.push(replica);
    return replica;
  };

  beforeAll(async () => {
    redis = await sharedRedis();
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await redis?.stop();
  });

  it("two processes sharing a 10-per-second limit make at most 10 calls per second in all", async () => {
    const prefix = `t-${randomUUID()}`;
    const [a, b] = [start(prefix), start(prefix)];
    await Promise.all([a.calls("loose", 1), b.calls("loose", 1)]); // both started and warm
    // Each asks for 30 calls as fast as it can, at the same time: alone, each would get 10 in its first second.
    const [fromA, fromB] = await Promise.all([a.calls("ping", 30), b.calls("ping", 30)]);
    const all = [...fromA.results, ...fromB.results];
    const ran = all.filter((call) => call.ran).map((call) => call.at as number);
    expect(ran).toHaveLength(all.filter((call) => call.ok).length);
    expect(ran.length).toBe(10);
    const refused = all.filter((call) => !call.ok);
    expect(refused.every((call) => call.code === "rate_limited" && !call.ran)).toBe(true);
    expect(refused[0]?.message).toBe("ping: rate limited (at most 10 calls per 1000 ms); try again later");
    expect(fromA.store).toEqual([]);

    // Over a longer span: in every 1-second window, at most 10 callbacks ran across both processes.
    const starts: number[] = [...ran];
    const until = Date.now() + 2300;
    while (Date.now() < until) {
      const [more, others] = await Promise.all([a.calls("ping", 3), b.calls("ping", 3)]);
      for (const call of [...more.results, ...others.results]) if (call.ran) starts.push(call.at as number);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    starts.sort((x, y) => x - y);
    // A callback starts a moment after Redis counted it (more on a loaded machine): a window 100 ms short of a
    // second allows for that. Unshared, each process would start 10 within a few ms of each other's.
    for (let i = 10; i < starts.length; i++) {
      expect((starts[i] as number) - (starts[i - 10] as number)).toBeGreaterThanOrEqual(900);
    }
    expect(starts.length).toBeGreaterThanOrEqual(20);
    expect(starts.length).toBeLessThanOrEqual(40);
  });

  it("a breaker opened by failures in one process is open in the other, and its half-open trial runs once across both", async () => {
    const prefix = `t-${randomUUID()}`;
    const [a, b] = [start(prefix), start(prefix)];
    await Promise.all([a.send({ op: "set", fail: true }), b.send({ op: "set", fail: true })]);
    const failures = await a.calls("flaky", 3);
    expect(failures.results.map((call) => call.code)).toEqual([
      "handler_failed",
      "handler_failed",
      "handler_failed",
    ]);
    // B never failed a call, and yet its circuit is open: it does not run the callback.
    const fromB = await b.calls("flaky", 2);
    expect(fromB.results.map((call) => [call.code, call.ran])).toEqual([
      ["circuit_open", false],
      ["circuit_open", false],
    ]);
    expect(fromB.results[0]?.message).toBe("flaky: temporarily unavailable (3 recent failures)");

    // After the cooldown the upstream is back but slow: of 10 concurrent calls across both, one runs (the trial).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await Promise.all([
      a.send({ op: "set", fail: false, delayMs: 300 }),
      b.send({ op: "set", fail: false, delayMs: 300 }),
    ]);
    const [trialA, trialB] = await Promise.all([a.calls("flaky", 5, true), b.calls("flaky", 5, true)]);
    const both = [...trialA.results, ...trialB.results];
    expect(both.filter((call) => call.ran)).toHaveLength(1);
    expect(both.filter((call) => call.ok)).toHaveLength(1);
    expect(both.filter((call) => call.code === "circuit_open")).toHaveLength(9);

    // The trial succeeded: the circuit is closed for both.
    const after = await Promise.all([a.calls("flaky", 2, true), b.calls("flaky", 2, true)]);
    expect(after.flatMap((calls) => calls.results).every((call) => call.ok && call.ran)).toBe(true);
  });

  it("counts every call of concurrent scripts in both processes (call ids repeat across runs: the store's names do not)", async () => {
    const prefix = `t-${randomUUID()}`;
    const [a, b] = [start(prefix), start(prefix)];
    await Promise.all([a.calls("loose", 1), b.calls("loose", 1)]);
    const script = { op: "script", script: "for i in $(seq 8); do ping >/dev/null 2>&1 && echo ok; done" };
    const runs = await Promise.all([a.send(script), b.send(script), a.send(script), b.send(script)]);
    const ok = (runs as { stdout: string }[]).flatMap((run) =>
      run.stdout.split("\n").filter((line) => line === "ok"),
    );
    expect(ok).toHaveLength(10);
  });

  it("keeps two apps apart by prefix", async () => {
    const [a, b] = [start(`t-${randomUUID()}`), start(`t-${randomUUID()}`)];
    const [fromA, fromB] = await Promise.all([a.calls("ping", 12), b.calls("ping", 12)]);
    expect(fromA.results.filter((call) => call.ok)).toHaveLength(10);
    expect(fromB.results.filter((call) => call.ok)).toHaveLength(10);
  });
});

describe.skipIf(redisServerMissing)("RedisStore: Redis stops mid-test", () => {
  it("answers each call with the documented decision within the timeout, then shares again once Redis is back", async () => {
    const server = await RedisServer.start();
    const prefix = `t-${randomUUID()}`;
    const [a, b] = [Replica.start(server.url, prefix), Replica.start(server.url, prefix)];
    try {
      expect((await a.calls("ping", 1)).results[0]?.ok).toBe(true);
      await b.send({ op: "set", fail: true });
      await server.stop();

      // A rate limit denies by default; `loose` (onStoreError: "allow") runs uncounted; each within the timeout.
      const denied = await a.calls("ping", 3);
      for (const call of denied.results) {
        expect(call).toMatchObject({ ok: false, code: "rate_limited", ran: false });
        expect(call.message).toMatch(
          "ping: rate limit unavailable (its state store did not answer); try again later",
        );
        expect(call.ms).toBeLessThan(1000);
      }
      expect(denied.store[0]).toMatchObject({ rateLimit: "deny" });
      const allowed = await a.calls("loose", 12);
      expect(allowed.results.every((call) => call.ok && call.ran)).toBe(true);
      expect(allowed.store).toHaveLength(12);
      expect(allowed.store[0]).toMatchObject({ rateLimit: "allow" });

      // A breaker falls back to this process's own: B's 3 failures open B's circuit locally.
      const local = await b.calls("flaky", 5);
      expect(local.results.map((call) => call.code)).toEqual([
        "handler_failed",
        "handler_failed",
        "handler_failed",
        "circuit_open",
        "circuit_open",
      ]);
      expect(local.store[0]).toMatchObject({ breaker: "local" });
      for (const call of local.results) expect(call.ms).toBeLessThan(1000);

      // A script goes on too: the refusal is a command's failure, not the run's.
      const script = await a.send<{ stdout: string; exitCode: number }>({
        op: "script",
        script: 'echo "$(loose)"; ping || echo "ping refused: $?"',
      });
      expect(script).toMatchObject({ stdout: "pong\nping refused: 75\n", exitCode: 0 });

      // Redis is back (empty: it kept nothing): sharing resumes within a few reconnect waits.
      await server.start();
      let back = false;
      for (let i = 0; i < 50 && !back; i++) {
        back = (await a.calls("ping", 1)).results[0]?.ok === true;
        if (!back) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(back).toBe(true);
      const [moreA, moreB] = await Promise.all([a.calls("ping", 15), b.calls("ping", 15)]);
      const ran = [...moreA.results, ...moreB.results].filter((call) => call.ran);
      expect(ran.length).toBeLessThanOrEqual(9); // 10 a second in all, one of them taken above
      expect(moreA.store).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await server.stop();
    }
  });

  it("undoes the calls a stalled Redis counted after they were refused: once it answers, the window is free", async () => {
    const server = await RedisServer.start();
    const prefix = `t-${randomUUID()}`;
    const a = Replica.start(server.url, prefix);
    try {
      expect((await a.calls("ping", 1)).results[0]?.ok).toBe(true);
      server.pause();
      const stalled = await a.calls("ping", 9);
      expect(stalled.results.every((call) => call.code === "rate_limited" && !call.ran)).toBe(true);
      server.resume();
      await new Promise((resolve) => setTimeout(resolve, 300)); // the late admissions run, then are released
      // The 9 refused calls were counted by Redis as it woke (on its clock, now), then uncounted: the first call's
      // slot has expired meanwhile (the stall took 9 timeouts), so all 10 fit. Kept, they would leave room for 1.
      const after = await a.calls("ping", 10);
      expect(after.results.filter((call) => call.ok)).toHaveLength(10);
    } finally {
      server.resume();
      await a.close();
      await server.stop();
    }
  });
});
