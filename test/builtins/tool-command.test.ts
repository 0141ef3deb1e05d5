import { describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { track } from "../helpers.js";

const seen: Array<{ params: unknown; stdin: string | undefined }> = [];
const tools: ToolDefinition[] = [
  {
    name: "update_user",
    description: "Update a user",
    inputSchema: {
      type: "object",
      properties: { id: { type: "integer" }, name: { type: "string" }, active: { type: "boolean" } },
      required: ["id"],
      additionalProperties: false,
    },
    execute: (params, ctx) => {
      seen.push({ params, stdin: ctx.stdin });
      return { ok: true, ...params };
    },
  },
  { name: "text", execute: () => "plain text, no newline" },
  { name: "nothing", execute: () => undefined },
  { name: "null_value", execute: () => null },
  { name: "number", execute: () => 42 },
  { name: "bigint", execute: () => 10n },
  {
    name: "boom",
    execute: () => {
      throw new Error("db password is hunter2 at /srv/app/db.ts:12");
    },
  },
  { name: "reject", execute: async () => Promise.reject(new Error("secret")) },
  { name: "stdin_echo", execute: (_params, ctx) => `[${ctx.stdin ?? "none"}]` },
];

describe("tool commands", () => {
  const api = track(new ScriptedTool({ name: "t", tools }));

  it("calls the callback with parsed params and writes compact JSON plus a newline", async () => {
    const result = await api.execute("update_user --id 7 --name 'Jo Doe' --active");
    expect(result).toMatchObject({
      stdout: '{"ok":true,"id":7,"name":"Jo Doe","active":true}\n',
      exitCode: 0,
    });
    expect(result.trace).toMatchObject([
      { name: "update_user", kind: "tool", argv: ["--id", "7", "--name", "Jo Doe", "--active"], exitCode: 0 },
    ]);
    expect(result.trace[0]?.params).toEqual({ id: 7, name: "Jo Doe", active: true });
  });

  it.each([
    ["text", "plain text, no newline"],
    ["nothing", ""],
    ["null_value", ""],
    ["number", "42\n"],
  ])("writes what %s returns exactly", async (name, stdout) => {
    expect((await api.execute(name)).stdout).toBe(stdout);
  });

  it("reports a return value that is not JSON", async () => {
    expect(await api.execute("bigint")).toMatchObject({
      stdout: "",
      stderr: "bigint: callback returned a value that is not JSON\n",
      exitCode: 1,
    });
  });

  it("rejects invalid params with exit 2 before the callback runs", async () => {
    seen.length = 0;
    const result = await api.execute("update_user --id seven --nmae x");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^update_user: /);
    expect(result.stderr).toContain("--nmae");
    expect(result.stderr).toContain("--name");
    expect(result.stderr).toMatch(/Try: help update_user\n$/);
    expect(seen).toEqual([]);
  });

  it("validates in --dry-run and prints the params without calling", async () => {
    seen.length = 0;
    expect(await api.execute("update_user --dry-run --id=3 --active=false")).toMatchObject({
      stdout: '{"id":3,"active":false}\n',
      exitCode: 0,
    });
    expect((await api.execute("update_user --dry-run")).exitCode).toBe(2);
    expect(seen).toEqual([]);
  });

  it("prints usage for --help", async () => {
    const result = await api.execute("update_user --help");
    expect(result.stdout).toMatch(/^update_user - Update a user\nUsage: update_user --id <integer>/);
  });

  it("hands piped stdin to the callback decoded as UTF-8", async () => {
    expect((await api.execute("echo 'héllo wörld ✓' | stdin_echo")).stdout).toBe("[héllo wörld ✓\n]");
    expect((await api.execute("stdin_echo")).stdout).toBe("[none]");
  });

  it("takes params from JSON on stdin when no flags are given", async () => {
    seen.length = 0;
    const result = await api.execute(`echo '{"id":5,"name":"Ann"}' | update_user`);
    expect(result.stdout).toBe('{"ok":true,"id":5,"name":"Ann"}\n');
  });

  it("hides callback error messages by default", async () => {
    for (const name of ["boom", "reject"]) {
      expect(await api.execute(name)).toMatchObject({
        stdout: "",
        stderr: `${name}: callback failed\n`,
        exitCode: 1,
      });
    }
  });

  it("shows them with sanitizeErrors: false", async () => {
    const trusted = track(new ScriptedTool({ name: "t2", tools, sanitizeErrors: false }));
    expect((await trusted.execute("reject")).stderr).toBe("reject: callback failed: secret\n");
  });
});
