import { describe, expect, it } from "vitest";
import { type PolicyCall, ScriptedTool } from "../../src/index.js";
import { track } from "../helpers.js";

/** A tool whose every stage can be seen: what the policy was asked, whether the callback ran. */
function observed(options: { denyAll?: boolean; breaker?: boolean; rateLimit?: boolean } = {}) {
  const asked: string[] = [];
  const ran: string[] = [];
  const api = track(
    new ScriptedTool({
      name: "stages",
      isolation: "inline",
      policy: (call: PolicyCall) => {
        asked.push(call.name);
        return options.denyAll ? { deny: "no" } : "allow";
      },
      tools: [
        {
          name: "write",
          inputSchema: {
            type: "object",
            properties: { n: { type: "integer" } },
            additionalProperties: false,
          },
          ...(options.breaker ? { breaker: { failures: 1, cooldownMs: 60_000 } } : {}),
          ...(options.rateLimit ? { rateLimit: { calls: 1, perMs: 60_000 } } : {}),
          execute: ({ n }) => {
            ran.push(`write ${String(n)}`);
            if (n === 13) throw new Error("unlucky");
            return "written\n";
          },
        },
      ],
    }),
  );
  return { api, asked, ran };
}

describe("the order of the registry's stages", () => {
  it("checks the params' size before validating them, and validates before asking the policy", async () => {
    const { api, asked, ran } = observed();
    const huge = await api.call("write", { n: "x".repeat(2 * 1024 * 1024) });
    const invalid = await api.call("write", { n: "seven" });
    expect([huge, invalid].map((result) => (result.ok ? "ok" : result.error.code))).toEqual([
      "payload_too_large",
      "invalid_params",
    ]);
    expect(asked).toEqual([]);
    expect(ran).toEqual([]);
  });

  it("records a plan mode write without asking the policy (it is asked when the script runs for real)", async () => {
    const { api, asked, ran } = observed({ denyAll: true });
    const plan = await api.execute("write --n 1", { plan: true });
    expect(plan.plannedCalls?.map((call) => call.params)).toEqual([{ n: 1 }]);
    expect(asked).toEqual([]);
    const real = await api.execute("write --n 1");
    expect(real).toMatchObject({ stderr: "write: denied: no\n", exitCode: 126 });
    expect(asked).toEqual(["write"]);
    expect(ran).toEqual([]);
  });

  it("refuses an open circuit or a spent rate limit before asking the policy (no approval for a call that cannot run)", async () => {
    const broken = observed({ breaker: true });
    await broken.api.call("write", { n: 13 });
    expect(await broken.api.call("write", { n: 1 })).toMatchObject({ error: { code: "circuit_open" } });
    expect(broken.asked).toEqual(["write"]);

    const limited = observed({ rateLimit: true });
    await limited.api.call("write", { n: 1 });
    expect(await limited.api.call("write", { n: 2 })).toMatchObject({ error: { code: "rate_limited" } });
    expect(limited.asked).toEqual(["write"]);
    expect(limited.ran).toEqual(["write 1"]);
  });

  it("does not count a denied call against the rate limit", async () => {
    const { api, ran } = observed({ denyAll: true, rateLimit: true });
    for (let i = 0; i < 3; i++) {
      expect(await api.call("write", { n: i })).toMatchObject({ error: { code: "denied" } });
    }
    expect(ran).toEqual([]);
  });
});
