import { describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { track } from "../helpers.js";

const user = { id: 42, name: "Jane", joined: new Date(0) };
const tools: ToolDefinition[] = [
  {
    name: "get_user",
    risk: { readOnly: true },
    inputSchema: {
      type: "object",
      properties: { id: { type: "integer" } },
      required: ["id"],
      additionalProperties: false,
    },
    execute: ({ id }, ctx) => ({ ...user, id, tenant: ctx.tenant, context: ctx.context }),
  },
  { name: "delete_user", execute: () => "deleted\n" },
  { name: "where", risk: { readOnly: true }, execute: (_params, ctx) => `${ctx.surface}\n` },
  {
    name: "boom",
    execute: () => {
      throw new Error("secret connection string");
    },
  },
  { name: "hang", timeoutMs: 50, execute: () => new Promise(() => {}) },
  { name: "slow", execute: () => new Promise((resolve) => setTimeout(() => resolve("late"), 5_000)) },
];

describe("api.call: a host call through the same path as a script's", () => {
  const api = track(
    new ScriptedTool({
      name: "host",
      tools,
      policy: (call) =>
        call.surface === "host" && call.name === "delete_user" ? { deny: "not from host code" } : "allow",
    }),
  );

  it("returns the callback's value as it was, and what a script would have printed", async () => {
    const result = await api.call("get_user", { id: 42 }, { tenant: "acme", context: { trace: "t1" } });
    expect(result).toMatchObject({
      ok: true,
      value: { id: 42, name: "Jane", joined: new Date(0), tenant: "acme", context: { trace: "t1" } },
      output:
        '{"id":42,"name":"Jane","joined":"1970-01-01T00:00:00.000Z","tenant":"acme","context":{"trace":"t1"}}\n',
    });
    expect(result.callId).toMatch(/^host_\d+$/);
  });

  it("tells the callback which surface the call came from", async () => {
    expect(await api.call("where")).toMatchObject({ ok: true, value: "host\n" });
    expect((await api.execute("where")).stdout).toBe("shell\n");
  });

  it.each([
    ["an unknown tool", "get_usr", { id: 1 }, "not_found", "no tool named get_usr (did you mean get_user?)"],
    [
      "params of the wrong type, never coerced",
      "get_user",
      { id: "42" },
      "invalid_params",
      'get_user: --id: expected integer, got "42"\nTry: help get_user',
    ],
    ["a call the policy denies", "delete_user", {}, "denied", "delete_user: denied: not from host code"],
    ["a callback that throws (sanitized)", "boom", {}, "handler_failed", "boom: callback failed"],
    ["a callback past its tool's timeoutMs", "hang", {}, "timeout", "hang: timed out after 50 ms"],
  ])("reports %s as a typed error", async (_case, name, params, code, message) => {
    const result = await api.call(name, params);
    expect(result).toMatchObject({ ok: false, error: { code, message } });
  });

  it("keeps the structured issues of invalid params", async () => {
    const result = await api.call("get_user", { id: 1, extra: true });
    expect(result.ok ? [] : result.error.issues).toEqual([
      { code: "unknown_flag", path: ["extra"], key: "extra", known: ["id"] },
    ]);
  });

  it("ends at its own timeout or the caller's signal", async () => {
    expect(await api.call("slow", {}, { timeoutMs: 50 })).toMatchObject({
      ok: false,
      error: { code: "timeout" },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    expect(await api.call("slow", {}, { signal: controller.signal })).toMatchObject({
      ok: false,
      error: { code: "cancelled", message: "slow: aborted" },
    });
  });
});
