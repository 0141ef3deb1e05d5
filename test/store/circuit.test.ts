import { describe, expect, it } from "vitest";
import { ScriptedTool, ToolError } from "../../src/index.js";
import { CircuitBreaker } from "../../src/store/circuit.js";
import { track } from "../helpers.js";

describe("CircuitBreaker (a fake clock)", () => {
  it("opens after N failures in the window, lets one trial through after the cooldown, closes on success", () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 3, windowMs: 1_000, cooldownMs: 500 }, () => now);
    for (let i = 0; i < 2; i++) {
      expect(breaker.admit()).toBe("run");
      breaker.settle("failure", false);
    }
    expect(breaker.state).toBe("closed");
    breaker.settle("failure", false);
    expect(breaker.state).toBe("open");
    expect(breaker.admit()).toBe(3);
    now = 499;
    expect(breaker.admit()).toBe(3);
    now = 500;
    expect(breaker.state).toBe("half-open");
    expect(breaker.admit()).toBe("trial");
    expect(breaker.admit()).toBe(3); // one trial at a time
    breaker.settle("success", true);
    expect(breaker.state).toBe("closed");
    expect(breaker.admit()).toBe("run");
  });

  it("opens again for another cooldown when the trial fails; a neutral trial frees the slot", () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 1, windowMs: 1_000, cooldownMs: 100 }, () => now);
    breaker.settle("failure", false);
    now = 100;
    expect(breaker.admit()).toBe("trial");
    breaker.settle("neutral", true);
    expect(breaker.admit()).toBe("trial");
    breaker.settle("failure", true);
    expect(breaker.state).toBe("open");
    now = 199;
    expect(breaker.admit()).toBe(1);
    now = 200;
    expect(breaker.admit()).toBe("trial");
  });

  it("forgets failures older than the window", () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 2, windowMs: 100, cooldownMs: 100 }, () => now);
    breaker.settle("failure", false);
    now = 100;
    breaker.settle("failure", false);
    expect(breaker.state).toBe("closed");
    now = 150;
    breaker.settle("failure", false);
    expect(breaker.state).toBe("open");
  });
});

describe("a tool's circuit breaker, end to end", () => {
  it("answers `temporarily unavailable` without running the callback, then recovers through a trial call", async () => {
    let healthy = false;
    let ran = 0;
    const api = track(
      new ScriptedTool({
        name: "b",
        isolation: "inline",
        tools: [
          {
            name: "flaky",
            breaker: { failures: 2, windowMs: 10_000, cooldownMs: 200 },
            execute: () => {
              ran++;
              if (!healthy) throw new Error("upstream down");
              return "fine\n";
            },
          },
        ],
      }),
    );
    await api.execute("true"); // a first run builds the shell: keep it out of the cooldown
    await api.call("flaky");
    await api.call("flaky");
    expect(ran).toBe(2);
    const script = await api.execute('flaky || echo "exit $?"');
    expect(script.stdout).toBe("exit 75\n");
    expect(script.stderr).toBe("flaky: temporarily unavailable (2 recent failures)\n");
    expect(script.trace[0]).toMatchObject({ outcome: "circuit_open", attempts: 0 });
    expect(await api.call("flaky")).toMatchObject({ ok: false, error: { code: "circuit_open" } });
    expect(ran).toBe(2);

    await new Promise((resolve) => setTimeout(resolve, 210));
    expect(await api.call("flaky")).toMatchObject({ ok: false, error: { code: "handler_failed" } });
    expect(ran).toBe(3); // the trial ran, failed: open again
    expect(await api.call("flaky")).toMatchObject({ ok: false, error: { code: "circuit_open" } });

    await new Promise((resolve) => setTimeout(resolve, 210));
    healthy = true;
    expect(await api.call("flaky")).toMatchObject({ ok: true, output: "fine\n" });
    expect((await api.execute("flaky; flaky")).stdout).toBe("fine\nfine\n");
    expect(ran).toBe(6);
  });

  it("counts only failures of the tool itself: ToolError answers, denials and bad params keep it closed", async () => {
    const api = track(
      new ScriptedTool({
        name: "b",
        isolation: "inline",
        breaker: { failures: 1, cooldownMs: 60_000 },
        policy: (call) => ((call.params as { deny?: boolean }).deny ? "deny" : "allow"),
        tools: [
          {
            name: "lookup",
            inputSchema: { type: "object", properties: { deny: { type: "boolean" } } },
            execute: () => {
              throw new ToolError("no such record");
            },
          },
          { name: "own_breaker_off", breaker: false, execute: () => Promise.reject(new Error("x")) },
        ],
      }),
    );
    for (let i = 0; i < 3; i++) {
      expect(await api.call("lookup", {})).toMatchObject({ error: { code: "handler_failed" } });
      expect(await api.call("lookup", { deny: true })).toMatchObject({ error: { code: "denied" } });
      expect(await api.call("lookup", { deny: "yes" })).toMatchObject({ error: { code: "invalid_params" } });
      expect(await api.call("own_breaker_off")).toMatchObject({ error: { code: "handler_failed" } });
    }
  });

  it("rate limits a tool across runs and host calls: exit 75, `rate_limited`, the callback does not run", async () => {
    let ran = 0;
    const api = track(
      new ScriptedTool({
        name: "r",
        isolation: "inline",
        tools: [{ name: "send", rateLimit: { calls: 2, perMs: 60_000 }, execute: () => `sent ${++ran}\n` }],
      }),
    );
    const result = await api.execute('send; send; send || echo "exit $?"');
    expect(result.stdout).toBe("sent 1\nsent 2\nexit 75\n");
    expect(result.stderr).toBe("send: rate limited (at most 2 calls per 60000 ms); try again later\n");
    expect(result.trace.map((entry) => entry.outcome)).toEqual(["ok", "ok", "rate_limited"]);
    expect(await api.call("send")).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    expect(ran).toBe(2);
  });

  it("rejects bad breaker and rate limit options at registration", () => {
    const api = new ScriptedTool({ name: "x", isolation: "inline" });
    expect(() => api.add({ name: "a", breaker: { failures: 0 }, execute: () => "" })).toThrow(
      "a: breaker.failures must be a whole number of at least 1",
    );
    expect(() => api.add({ name: "b", rateLimit: { calls: 1.5, perMs: 10 }, execute: () => "" })).toThrow(
      "b: rateLimit.calls must be a whole number of at least 1",
    );
    expect(() => new ScriptedTool({ name: "y", breaker: { cooldownMs: -1 } })).toThrow(
      "y: breaker.cooldownMs must be a whole number of at least 1",
    );
  });
});
