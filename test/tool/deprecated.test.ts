import { describe, expect, it } from "vitest";
import { ScriptedTool, ToolshellError } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

const tools = [
  {
    name: "find_user",
    description: "Finds a user by email.",
    deprecated: { replacement: "search_users", message: "removed in v3" },
    inputSchema: { type: "object", properties: { email: { type: "string" } } },
    execute: ({ email }: { email?: string }) => ({ id: 7, email }),
  },
  { name: "old_ping", deprecated: true as const, execute: () => "pong\n" },
  { name: "search_users", description: "Searches users.", execute: () => [] },
];

describe.each(MODES)("deprecated tools (%s)", (mode) => {
  it("still run, print `<tool>: deprecated, use <replacement>` on stderr, and say so in the trace", async () => {
    const api = track(new ScriptedTool({ name: "d", isolation: mode, tools }));
    const result = await api.execute("find_user --email a@b.c | jq -c .; old_ping; search_users");
    expect(result).toMatchObject({
      stdout: '{"id":7,"email":"a@b.c"}\npong\n[]\n',
      stderr: "find_user: deprecated, use search_users (removed in v3)\nold_ping: deprecated\n",
      exitCode: 0,
    });
    const calls = result.trace.filter((entry) => entry.kind === "tool");
    expect(calls.map((entry) => [entry.name, entry.deprecated])).toEqual([
      ["find_user", "deprecated, use search_users (removed in v3)"],
      ["old_ping", "deprecated"],
      ["search_users", undefined],
    ]);
  });

  it("are marked in help, discover, help --json, discover --json and the prompt", async () => {
    const api = track(new ScriptedTool({ name: "d", isolation: mode, tools }));
    const listing = await api.execute("help; discover user");
    expect(listing.stdout).toContain(
      "  find_user     [deprecated, use search_users (removed in v3)] Finds a user by email.\n",
    );
    expect(listing.stdout).toContain("  old_ping      [deprecated]\n");
    expect(listing.stdout).toContain("  search_users  Searches users.\n");
    const usage = await api.execute("help find_user");
    expect(usage.stdout.split("\n").slice(0, 2)).toEqual([
      "find_user - Finds a user by email.",
      "Deprecated, use search_users (removed in v3).",
    ]);
    const json = await api.execute(
      "help find_user --json | jq -c .deprecated; discover --search user --json | jq -c 'map(.deprecated)'",
    );
    expect(json.stdout).toBe(
      '{"replacement":"search_users","message":"removed in v3"}\n[{"replacement":"search_users","message":"removed in v3"},null]\n',
    );
    // the discover tool beside the script tool (api.discover, MCP discovery mode) says so too
    expect(api.discover({ query: "user" }).tools.map((tool) => tool.deprecated)).toEqual([
      { replacement: "search_users", message: "removed in v3" },
      undefined,
    ]);
    expect(api.discover({ tool: "find_user" }).text).toContain(
      "Deprecated, use search_users (removed in v3).",
    );
    for (const level of ["full", "usage", "compact"] as const) {
      expect(api.systemPrompt({ level })).toContain(
        "[deprecated, use search_users (removed in v3)] Finds a user by email.",
      );
    }
  });
});

describe("deprecated on host calls and at registration", () => {
  it("api.call() runs the tool and says it is deprecated; the onCall record has it", async () => {
    const records: unknown[] = [];
    const api = track(
      new ScriptedTool({ name: "d", tools, onCall: (record) => records.push(record.deprecated) }),
    );
    const result = await api.call("find_user", { email: "x@y.z" });
    expect(result).toMatchObject({
      ok: true,
      value: { id: 7 },
      deprecated: "deprecated, use search_users (removed in v3)",
    });
    expect(records).toEqual(["deprecated, use search_users (removed in v3)"]);
  });

  it("refuses a deprecation it cannot show on one line, naming the tool", () => {
    const bad = (deprecated: unknown) => () =>
      new ScriptedTool({
        name: "d",
        tools: [{ name: "t", deprecated: deprecated as never, execute: () => "" }],
      });
    expect(bad("use x")).toThrow(ToolshellError);
    expect(bad("use x")).toThrow("t: deprecated must be true or { replacement?, message? }");
    expect(bad({ replacement: "" })).toThrow("t: deprecated.replacement must be a non-empty string");
    expect(bad({ message: "two\nlines" })).toThrow(/t: deprecated.message must be one line/);
    expect(bad({ replacement: "a\u202Eb" })).toThrow(/without hidden characters/);
  });
});
