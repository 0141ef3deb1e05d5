import { describe, expect, it } from "vitest";
import {
  askForDestructive,
  type PolicyCall,
  type PolicyDecision,
  RISK_LEVELS,
  requireApproval,
  ScriptedTool,
  type ToolDefinition,
  ToolshellError,
} from "../../src/index.js";
import { MODES, track } from "../helpers.js";

const ran: string[] = [];
const tools: ToolDefinition[] = [
  {
    name: "get_user",
    risk: { readOnly: true },
    inputSchema: { type: "object", properties: { id: { type: "integer" } } },
    execute: ({ id }) => {
      ran.push(`get_user ${String(id)}`);
      return { id };
    },
  },
  {
    name: "delete_user",
    inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    execute: ({ id }) => {
      ran.push(`delete_user ${String(id)}`);
      return "deleted\n";
    },
  },
  {
    name: "refund",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    execute: () => "refunded\n",
  },
];

describe.each(MODES)("policy (%s)", (mode) => {
  it("refuses a denied call before its callback runs: stderr says why, exit 126, the script can branch", async () => {
    ran.length = 0;
    const api = track(
      new ScriptedTool({
        name: "p",
        isolation: mode,
        tools,
        policy: (call) => (call.name === "delete_user" ? { deny: "deletes need a human" } : "allow"),
      }),
    );
    const result = await api.execute('get_user --id 1 >/dev/null; delete_user --id 2 || echo "refused: $?"');
    expect(result).toMatchObject({
      stdout: "refused: 126\n",
      stderr: "delete_user: denied: deletes need a human\n",
    });
    expect(ran).toEqual(["get_user 1"]);
    expect(result.trace.map((entry) => [entry.name, entry.exitCode, entry.decision])).toEqual([
      ["get_user", 0, "allow"],
      ["delete_user", 126, "deny"],
    ]);
  });

  it("gives the policy the call: name, params, risk with safe defaults, tenant, context, surface, call id", async () => {
    const seen: PolicyCall[] = [];
    const api = track(
      new ScriptedTool({
        name: "p",
        isolation: mode,
        tools,
        policy: async (call): Promise<PolicyDecision> => {
          seen.push(call);
          return "allow";
        },
      }),
    );
    const result = await api.execute("delete_user --id 3; refund; get_user", {
      tenant: "acme",
      context: { user: "u1" },
    });
    expect(result.exitCode).toBe(0);
    expect(seen.map(({ callId, ...rest }) => ({ ...rest, callId: typeof callId }))).toEqual([
      {
        name: "delete_user",
        params: { id: 3 },
        risk: { readOnly: false, destructive: true, idempotent: false, openWorld: true, level: "high" },
        tenant: "acme",
        context: { user: "u1" },
        surface: "shell",
        callId: "string",
      },
      {
        name: "refund",
        params: {},
        risk: { readOnly: false, destructive: false, idempotent: true, openWorld: false, level: "medium" },
        tenant: "acme",
        context: { user: "u1" },
        surface: "shell",
        callId: "string",
      },
      {
        name: "get_user",
        params: {},
        risk: { readOnly: true, destructive: false, idempotent: true, openWorld: true, level: "low" },
        tenant: "acme",
        context: { user: "u1" },
        surface: "shell",
        callId: "string",
      },
    ]);
  });

  it("denies when the policy throws or answers nonsense (fail closed)", async () => {
    const throwing = track(
      new ScriptedTool({
        name: "p",
        isolation: mode,
        tools,
        policy: () => {
          throw new Error("db down");
        },
      }),
    );
    expect(await throwing.execute("get_user --id 1")).toMatchObject({
      stderr: "get_user: denied: the policy failed\n",
      exitCode: 126,
    });
    const plain = track(new ScriptedTool({ name: "p", isolation: mode, tools, policy: () => "deny" }));
    expect((await plain.execute("get_user")).stderr).toBe("get_user: denied: not allowed by policy\n");
  });

  it("asks an approver for destructive calls only, with askForDestructive", async () => {
    const asked: string[] = [];
    const api = track(
      new ScriptedTool({
        name: "p",
        isolation: mode,
        tools,
        policy: askForDestructive(async (call) => {
          asked.push(`${call.name} ${JSON.stringify(call.params)}`);
          return call.params.id === 1;
        }),
      }),
    );
    const result = await api.execute(
      "get_user --id 9 >/dev/null; refund; delete_user --id 1; delete_user --id 2",
    );
    expect(result).toMatchObject({
      stdout: "refunded\ndeleted\n",
      stderr: "delete_user: denied: not approved\n",
    });
    expect(asked).toEqual(['delete_user {"id":1}', 'delete_user {"id":2}']);
  });

  it("gates by risk level with requireApproval: below the level runs, at or above waits for approve", async () => {
    const asked: string[] = [];
    const levels = RISK_LEVELS.map((level) => ({
      name: `at_${level}`,
      risk: level,
      execute: () => `${level}\n`,
    }));
    const api = track(
      new ScriptedTool({
        name: "p",
        isolation: mode,
        tools: [
          ...levels,
          // Flags amount to a level too: writes without destroying is medium, destroying is high.
          { name: "writes", risk: { readOnly: false, destructive: false }, execute: () => "wrote\n" },
          { name: "destroys", risk: { destructive: true }, execute: () => "destroyed\n" },
        ],
        policy: requireApproval({
          atOrAbove: "high",
          approve: (call) => {
            asked.push(`${call.name}:${call.risk.level}`);
            return call.name === "at_high";
          },
        }),
      }),
    );
    const result = await api.execute("at_safe; at_low; at_medium; at_high; at_critical; writes; destroys");
    expect(result).toMatchObject({
      stdout: "safe\nlow\nmedium\nhigh\nwrote\n",
      stderr:
        "at_critical: denied: not approved (risk critical)\ndestroys: denied: not approved (risk high)\n",
    });
    expect(asked).toEqual(["at_high:high", "at_critical:critical", "destroys:high"]);
  });

  it("refuses a requireApproval level it does not know, and an approver that throws or answers non-true denies", async () => {
    expect(() => requireApproval({ atOrAbove: "severe" as never, approve: () => true })).toThrow(
      ToolshellError,
    );
    expect(() => requireApproval({ atOrAbove: "severe" as never, approve: () => true })).toThrow(
      'requireApproval: atOrAbove "severe" is not a risk level: use one of safe, low, medium, high, critical',
    );
    expect(() => requireApproval({ atOrAbove: "low", approve: undefined as never })).toThrow(
      /approve must be a function/,
    );
    // A level beside flags (a ToolSpec's risk registered again) is the level, flags given over its own; it was
    // dropped silently before, so a gate at critical let such a call run.
    const respec = new ScriptedTool({
      name: "p",
      tools: [
        { name: "x", risk: { level: "critical" }, execute: () => "" },
        { name: "y", risk: { level: "low", openWorld: false }, execute: () => "" },
      ],
    });
    expect(respec.tools().map((spec) => spec.risk)).toEqual([
      { readOnly: false, destructive: true, idempotent: false, openWorld: true, level: "critical" },
      { readOnly: true, destructive: false, idempotent: true, openWorld: false, level: "low" },
    ]);
    expect(
      () =>
        new ScriptedTool({
          name: "p",
          tools: [{ name: "z", risk: { level: "severe" } as never, execute: () => "" }],
        }),
    ).toThrow('z: risk level "severe" is not a level: use one of safe, low, medium, high, critical');
    const api = track(
      new ScriptedTool({
        name: "p",
        isolation: mode,
        tools: [
          { name: "a", risk: "medium", execute: () => "a\n" },
          { name: "b", risk: "medium", execute: () => "b\n" },
        ],
        policy: requireApproval({
          atOrAbove: "medium",
          approve: (call) => {
            if (call.name === "a") throw new Error("approver down");
            return "yes" as never;
          },
        }),
      }),
    );
    expect(await api.execute("a; b")).toMatchObject({
      stdout: "",
      stderr: "a: denied: the policy failed\nb: denied: not approved (risk medium)\n",
    });
  });
});

describe.each(MODES)("per-call deadlines (%s)", (mode) => {
  it("ends a call at the tool's timeoutMs with 124 even if the callback ignores its signal", async () => {
    let deadline = 0;
    const api = track(
      new ScriptedTool({
        name: "d",
        isolation: mode,
        tools: [
          {
            name: "stuck",
            timeoutMs: 100,
            execute: (_params, ctx) => {
              deadline = ctx.deadline;
              return new Promise(() => {});
            },
          },
          { name: "quick", timeoutMs: 1_000, execute: (_params, ctx) => `${ctx.deadline > Date.now()}\n` },
        ],
      }),
    );
    const started = Date.now();
    const result = await api.execute('stuck; echo "rc=$?"; quick', { timeoutMs: 10_000 });
    expect(result).toMatchObject({
      stdout: "rc=124\ntrue\n",
      stderr: "stuck: timed out after 100 ms\n",
      exitCode: 0,
    });
    expect(deadline - started).toBeGreaterThanOrEqual(100);
    expect(deadline - started).toBeLessThan(5_000);
  });

  it("refuses a timeoutMs that is not a positive number at registration", () => {
    expect(
      () => new ScriptedTool({ name: "d", tools: [{ name: "t", timeoutMs: 0, execute: () => "" }] }),
    ).toThrow("t: timeoutMs must be a positive number");
  });
});
