// The MCP client side (code-mode proxy): upstream tools become namespaced commands. Real SDK Client and Server over
// real transports (an in-memory linked pair, spawned stdio children, HTTP), and real third-party servers from npm.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { expectedStdout, main as mcpProxyExample } from "../../examples/mcp-proxy.js";
import { type PolicyCall, ScriptedTool } from "../../src/index.js";
import {
  connectUpstream,
  parseUpstream,
  type ToolsChange,
  type UpstreamConnection,
  type UpstreamOptions,
} from "../../src/mcp/client.js";
import {
  type FixtureTool,
  type FixtureUpstream,
  startUpstream,
  text,
} from "../fixtures/mcp-client-upstream.js";
import { track } from "../helpers.js";

const MEMORY_BIN = "node_modules/@modelcontextprotocol/server-memory/dist/index.js";
const EVERYTHING_BIN = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});
const temp = mkdtempSync(join(tmpdir(), "toolshell-mcp-client-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const object = (properties: Record<string, object> = {}, required: string[] = []) => ({
  type: "object" as const,
  properties,
  required,
});

const weather: FixtureTool = {
  name: "weather",
  description: "Current weather in a city",
  inputSchema: object({ city: { type: "string" } }, ["city"]),
  outputSchema: object({ temp: { type: "number" }, sky: { type: "string" } }, ["temp", "sky"]),
  annotations: { readOnlyHint: true, openWorldHint: false },
  answer: ({ city }) => ({
    content: [{ type: "text", text: JSON.stringify({ temp: 21, sky: `clear over ${city}` }) }],
    structuredContent: { temp: 21, sky: `clear over ${city}` },
  }),
};
const book: FixtureTool = {
  name: "book",
  description: "Books a table",
  inputSchema: object({ seats: { type: "integer", minimum: 1 } }, ["seats"]),
  annotations: { readOnlyHint: false, destructiveHint: true },
  answer: ({ seats }) => text(`booked ${seats} seats`),
};

async function importFixture(
  tools: FixtureTool[],
  options: UpstreamOptions & {
    pageSize?: number;
    loopCursor?: boolean;
    serverName?: string;
    api?: ScriptedTool;
  } = {},
): Promise<{ api: ScriptedTool; up: FixtureUpstream; conn: UpstreamConnection }> {
  const up = await startUpstream(tools, {
    pageSize: options.pageSize,
    loopCursor: options.loopCursor,
    name: options.serverName,
  });
  open.push(up);
  const api = options.api ?? track(new ScriptedTool({ name: "proxy" }));
  const conn = await connectUpstream(api, { transport: up.transport }, options);
  open.push(conn);
  return { api, up, conn };
}

describe("importing an in-process upstream", () => {
  it("pages through tools/list with the server's cursors and registers every tool", async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({
      name: `t${i}`,
      inputSchema: object(),
      answer: () => text(`tool ${i}`),
    }));
    const { api, up, conn } = await importFixture(many, { pageSize: 10 });
    expect(up.listed).toEqual([undefined, "page-10", "page-20"]);
    expect(conn.name).toBe("fixture");
    expect(conn.tools).toHaveLength(23);
    expect(api.tools().map((tool) => tool.name)).toEqual(many.map((tool) => `fixture.${tool.name}`));
    const run = await api.execute("fixture.t0; fixture.t22");
    expect(run).toMatchObject({ stdout: "tool 0\ntool 22\n", exitCode: 0 });
  });

  it("stops paging when the server repeats a cursor, with a clear error", async () => {
    await expect(importFixture([weather, book], { pageSize: 1, loopCursor: true })).rejects.toThrow(
      'upstream "fixture": tools/list repeated the cursor "page-0"',
    );
  });

  it("prints structuredContent as JSON for jq, text content as text", async () => {
    const { api } = await importFixture([
      weather,
      {
        name: "greet",
        inputSchema: object({ name: { type: "string" } }),
        answer: ({ name }) => ({
          content: [
            { type: "text", text: `hello ${name}` },
            { type: "text", text: "second block" },
          ],
        }),
      },
    ]);
    const run = await api.execute(
      'fixture.weather --city Oslo | jq -r .sky\nfixture.weather --city Rome\nfixture.greet --name "Ada L"',
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(
      'clear over Oslo\n{"temp":21,"sky":"clear over Rome"}\nhello Ada L\nsecond block\n',
    );
    expect(run.trace.map((entry) => entry.params)).toEqual([
      { city: "Oslo" },
      { city: "Rome" },
      { name: "Ada L" },
    ]);
  });

  it("turns isError into exit 1 with the text on stderr, and the script goes on", async () => {
    const { api } = await importFixture([
      {
        name: "pay",
        inputSchema: object(),
        answer: () => ({
          isError: true,
          content: [{ type: "text", text: "card declined\ntry another card" }],
        }),
      },
    ]);
    const run = await api.execute('fixture.pay; echo "exit $?"');
    expect(run.stdout).toBe("exit 1\n");
    expect(run.stderr).toBe("fixture.pay: card declined\nfixture.pay: try another card\n");
  });

  it("says why a result nested too deeply to print failed, instead of a bare 'callback failed'", async () => {
    let deep: Record<string, unknown> = { a: 1 };
    for (let depth = 0; depth < 20_000; depth++) deep = { a: deep };
    const { api } = await importFixture([
      {
        name: "broken",
        inputSchema: object(),
        answer: () => ({ content: [], structuredContent: deep, isError: true }),
      },
      {
        name: "pictured",
        inputSchema: object(),
        answer: () => ({
          content: [{ type: "image", data: "AAAA", mimeType: "image/png" }],
          structuredContent: deep,
        }),
      },
    ]);
    const broken = await api.execute("fixture.broken");
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toBe(
      "fixture.broken: the tool reported an error; its structuredContent is nested too deeply to show\n",
    );
    const pictured = await api.execute("fixture.pictured");
    expect(pictured.exitCode).toBe(1);
    expect(pictured.stderr).toBe("fixture.pictured: its structuredContent is nested too deeply to show\n");
  });

  it("describes image, audio, resource and resource-link content instead of dropping it", async () => {
    const { api } = await importFixture([
      {
        name: "media",
        inputSchema: object(),
        answer: () => ({
          content: [
            { type: "text", text: "here it is:" },
            { type: "image", data: Buffer.alloc(912).toString("base64"), mimeType: "image/png" },
            { type: "audio", data: Buffer.alloc(10).toString("base64"), mimeType: "audio/wav" },
            {
              type: "resource",
              resource: { uri: "file:///notes.txt", mimeType: "text/plain", text: "line 1" },
            },
            {
              type: "resource",
              resource: { uri: "file:///a.bin", blob: Buffer.alloc(3).toString("base64") },
            },
            { type: "resource_link", uri: "file:///big.csv", name: "big.csv", mimeType: "text/csv" },
          ],
        }),
      },
      {
        name: "chart",
        inputSchema: object(),
        answer: () => ({
          content: [
            { type: "text", text: '{"points":3}' },
            { type: "image", data: Buffer.alloc(4).toString("base64"), mimeType: "image/svg+xml" },
          ],
          structuredContent: { points: 3 },
        }),
      },
    ]);
    const run = await api.execute("fixture.media; fixture.chart");
    expect(run.stdout).toBe(
      [
        "here it is:",
        "[image image/png, 912 bytes, not shown]",
        "[audio audio/wav, 10 bytes, not shown]",
        "[resource file:///notes.txt text/plain]",
        "line 1",
        "[resource file:///a.bin, 3 bytes, not shown]",
        '[resource link file:///big.csv "big.csv" text/csv]',
        '{"points":3}',
        "[image image/svg+xml, 4 bytes, not shown]",
        "",
      ].join("\n"),
    );
    expect(run.exitCode).toBe(0);
  });

  it("maps MCP annotations to risk: the policy sees them and plan mode runs only read-only tools", async () => {
    const seen: PolicyCall[] = [];
    const api = track(
      new ScriptedTool({
        name: "proxy",
        policy: (call) => {
          seen.push(call);
          return "allow";
        },
      }),
    );
    const { up } = await importFixture([weather, book], { api });
    await api.execute("fixture.weather --city Oslo >/dev/null; fixture.book --seats 2");
    expect(seen.map((call) => [call.name, call.risk])).toEqual([
      [
        "fixture.weather",
        { readOnly: true, destructive: false, idempotent: true, openWorld: false, level: "safe" },
      ],
      [
        "fixture.book",
        { readOnly: false, destructive: true, idempotent: false, openWorld: true, level: "high" },
      ],
    ]);
    up.called.length = 0;
    const plan = await api.execute("fixture.weather --city Oslo | jq -r .sky; fixture.book --seats 4", {
      plan: true,
    });
    expect(plan.stdout).toContain("clear over Oslo\n");
    expect(plan.plannedCalls).toMatchObject([{ name: "fixture.book", params: { seats: 4 } }]);
    expect(up.called).toEqual(["weather"]);
  });

  it("ignores annotations of an untrusted upstream (trustAnnotations: false)", async () => {
    const { api, up } = await importFixture([weather], { trustAnnotations: false });
    const plan = await api.execute("fixture.weather --city Oslo", { plan: true });
    expect(plan.plannedCalls).toHaveLength(1);
    expect(up.called).toEqual([]);
  });

  it("uses the upstream schemas: flags, validation before the call, and the output shape in help", async () => {
    const { api, up } = await importFixture([weather, book]);
    const help = await api.execute("help fixture.weather");
    expect(help.stdout).toContain("fixture.weather - Current weather in a city\n");
    expect(help.stdout).toContain("Output: {temp: number, sky: string}\n");
    expect(help.stdout).toContain("--city <string>  (required)");
    const bad = await api.execute("fixture.book --seats 0");
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--seats");
    expect(up.called).toEqual([]);
  });

  it("refreshes on notifications/tools/list_changed: adds new tools, removes gone ones, replaces changed ones", async () => {
    let notified!: (change: ToolsChange) => void;
    const changed = new Promise<ToolsChange>((resolve) => {
      notified = resolve;
    });
    const { api, up, conn } = await importFixture([weather, book], { onToolsChanged: (c) => notified(c) });
    const cancel: FixtureTool = {
      name: "cancel",
      description: "Cancels a booking",
      inputSchema: object({ id: { type: "string" } }, ["id"]),
      answer: ({ id }) => text(`cancelled ${id}`),
    };
    await up.setTools([{ ...weather, description: "Weather now, in Celsius" }, cancel]);
    expect(await changed).toEqual({
      added: ["fixture.cancel"],
      removed: ["fixture.book"],
      changed: ["fixture.weather"],
      skipped: [],
    });
    expect(conn.tools.sort()).toEqual(["fixture.cancel", "fixture.weather"]);
    const run = await api.execute(
      "fixture.cancel --id b-7; help fixture.weather | head -1; fixture.book --seats 1",
    );
    expect(run.stdout).toBe("cancelled b-7\nfixture.weather - Weather now, in Celsius\n");
    expect(run.exitCode).toBe(127);
    expect(run.stderr).toContain("fixture.book");
  });

  it("keeps the current commands when a refresh fails, and reports the failure to onError", async () => {
    const errors: Error[] = [];
    let reported!: () => void;
    const failed = new Promise<void>((resolve) => {
      reported = resolve;
    });
    const { api, up, conn } = await importFixture([weather], {
      onError: (error) => {
        errors.push(error);
        reported();
      },
    });
    up.failListing = true;
    await up.setTools([book]);
    await failed;
    expect(errors[0]?.message).toMatch(/listing is broken/);
    expect(conn.tools).toEqual(["fixture.weather"]);
    await expect(conn.refresh()).rejects.toThrow(/listing is broken/);
    up.failListing = false;
    await conn.refresh();
    expect(conn.tools).toEqual(["fixture.book"]);
    expect((await api.execute("fixture.book --seats 3")).stdout).toBe("booked 3 seats\n");
  });

  it("skips a tool whose schema toolshell cannot register, with the reason, and imports the rest", async () => {
    const { api, conn } = await importFixture([
      {
        name: "remote_ref",
        inputSchema: object({ a: { $ref: "https://example.com/schemas/a.json" } }),
        answer: () => text("never"),
      },
      {
        name: "modern",
        inputSchema: { $schema: "https://json-schema.org/draft/2020-12/schema", ...object() },
        outputSchema: {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          ...object({ ok: { type: "boolean" } }),
        },
        answer: () => ({ content: [], structuredContent: { ok: true } }),
      },
    ]);
    expect(conn.tools).toEqual(["fixture.modern"]);
    expect(conn.skipped).toHaveLength(1);
    expect(conn.skipped[0]?.name).toBe("remote_ref");
    expect(conn.skipped[0]?.reason).toMatch(
      /^fixture\.remote_ref: .*https:\/\/example\.com\/schemas\/a\.json/,
    );
    expect((await api.execute("fixture.modern")).stdout).toBe('{"ok":true}\n');
  });

  it("skips a hostile listing (a schema nested past any use, a huge name) with a short reason, keeping the rest", async () => {
    let deep: Record<string, unknown> = object();
    for (let depth = 0; depth < 20_000; depth++) deep = object({ a: deep });
    const huge = "x".repeat(100_000);
    const { api, conn } = await importFixture([
      { name: "deep", inputSchema: deep as FixtureTool["inputSchema"], answer: () => text("never") },
      { name: huge, inputSchema: object(), answer: () => text("never") },
      { name: "ok", inputSchema: object(), answer: () => text("fine") },
    ]);
    expect(conn.tools).toEqual(["fixture.ok"]);
    expect(conn.skipped.map((skip) => skip.name.slice(0, 4))).toEqual(["deep", "xxxx"]);
    expect(conn.skipped[0]?.reason).toMatch(/nested too deeply/);
    for (const skip of conn.skipped) expect(skip.reason.length).toBeLessThan(400);
    expect((await api.execute("fixture.ok")).stdout).toBe("fine\n");
  });

  it("sanitises names into command segments and refuses two tools that would share one, naming both", async () => {
    const { conn } = await importFixture(
      [
        { name: "get user", inputSchema: object(), answer: () => text("") },
        { name: "v2..list.", inputSchema: object(), answer: () => text("") },
      ],
      { serverName: "@acme/crm tools" },
    );
    expect(conn.name).toBe("_acme_crm_tools");
    expect(conn.tools).toEqual(["_acme_crm_tools.get_user", "_acme_crm_tools.v2.list_"]);

    await expect(
      importFixture([
        { name: "a/b", inputSchema: object(), answer: () => text("") },
        { name: "a_b", inputSchema: object(), answer: () => text("") },
      ]),
    ).rejects.toThrow(/"a\/b" and "a_b" both become the command fixture\.a_b/);
    const { conn: filtered } = await importFixture(
      [
        { name: "a/b", inputSchema: object(), answer: () => text("") },
        { name: "a_b", inputSchema: object(), answer: () => text("") },
      ],
      { filter: (tool) => tool.name !== "a/b" },
    );
    expect(filtered.tools).toEqual(["fixture.a_b"]);
  });

  it("refuses a namespace already in use without touching the first upstream", async () => {
    const { api } = await importFixture([weather]);
    await expect(importFixture([weather, book], { api })).rejects.toThrow(
      /would become fixture\.weather, which is already registered: give this upstream another name/,
    );
    expect(api.tools().map((tool) => tool.name)).toEqual(["fixture.weather"]);
    expect((await api.execute("fixture.weather --city Oslo | jq -r .temp")).stdout).toBe("21\n");
  });

  it("turns protocol errors into clear failures: rejected arguments exit 2, others exit 1", async () => {
    const { api } = await importFixture([
      {
        name: "strict",
        inputSchema: object(),
        answer: () => {
          throw new McpError(ErrorCode.InvalidParams, "city must be a real city");
        },
      },
      {
        name: "broken",
        inputSchema: object(),
        answer: () => {
          throw new Error("database is down");
        },
      },
    ]);
    const run = await api.execute('fixture.strict; echo "strict $?"; fixture.broken; echo "broken $?"');
    expect(run.stdout).toBe("strict 2\nbroken 1\n");
    expect(run.stderr).toBe(
      'fixture.strict: upstream "fixture" rejected the call: city must be a real city\n' +
        'fixture.broken: upstream "fixture" failed: database is down\n',
    );
  });

  it("says the connection is closed when the upstream went away", async () => {
    const { api, up } = await importFixture([weather]);
    await up.close();
    const run = await api.execute("fixture.weather --city Oslo");
    expect(run).toMatchObject({
      stdout: "",
      stderr: 'fixture.weather: the connection to upstream "fixture" is closed\n',
      exitCode: 1,
    });
  });

  it("cancels the upstream request when the run's deadline passes, and honours timeoutMs per call", async () => {
    const slow: FixtureTool = {
      name: "slow",
      inputSchema: object(),
      answer: (_args, signal) =>
        new Promise((resolve) =>
          signal.addEventListener("abort", () => resolve(text("late")), { once: true }),
        ),
    };
    const { api, up } = await importFixture([slow]);
    const started = Date.now();
    const run = await api.execute("fixture.slow", { timeoutMs: 300 });
    expect(run.exitCode).toBe(124);
    expect(Date.now() - started).toBeLessThan(3000);
    await expect.poll(() => up.cancelled).toEqual(["slow"]);

    const { api: limited, up: limitedUp } = await importFixture([slow], { timeoutMs: 150 });
    const call = await limited.execute('fixture.slow; echo "exit $?"');
    expect(call.stdout).toBe("exit 124\n");
    expect(call.stderr).toBe("fixture.slow: timed out after 150 ms\n");
    await expect.poll(() => limitedUp.cancelled).toEqual(["slow"]);
  });

  it("names the upstream when its first tools/list fails, and leaves nothing registered", async () => {
    const up = await startUpstream([weather]);
    open.push(up);
    up.failListing = true;
    const api = track(new ScriptedTool({ name: "proxy" }));
    await expect(connectUpstream(api, { transport: up.transport })).rejects.toThrow(
      /^upstream "fixture": tools\/list failed: listing is broken$/,
    );
    expect(api.tools()).toEqual([]);
  });

  it("refuses timeouts that are not positive numbers, rather than skipping every tool or never waiting", async () => {
    for (const options of [{ timeoutMs: -5 }, { timeoutMs: Number.NaN }, { connectTimeoutMs: 0 }]) {
      const up = await startUpstream([weather]);
      open.push(up);
      const api = track(new ScriptedTool({ name: "proxy" }));
      await expect(connectUpstream(api, { transport: up.transport }, options)).rejects.toThrow(
        /^(timeoutMs|connectTimeoutMs) must be a positive number of milliseconds$/,
      );
      expect(api.tools()).toEqual([]);
    }
  });

  it("close() unregisters the upstream's commands", async () => {
    const { api, conn } = await importFixture([weather, book]);
    await conn.close();
    expect(api.tools()).toEqual([]);
    expect((await api.execute("fixture.weather --city Oslo")).exitCode).toBe(127);
    await expect(conn.refresh()).rejects.toThrow(/closed/);
  });
});

describe("parseUpstream", () => {
  it("splits a command like a shell, quotes respected, and reads an optional name= prefix", () => {
    expect(parseUpstream("npx -y some-server --flag")).toEqual({
      command: "npx",
      args: ["-y", "some-server", "--flag"],
    });
    expect(parseUpstream(`mem=npx -y @modelcontextprotocol/server-memory`)).toEqual({
      name: "mem",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-memory"],
    });
    expect(parseUpstream(`srv --root "/my docs" --title 'it''s' a\\ b "say \\"hi\\"" $HOME`)).toEqual({
      command: "srv",
      args: ["--root", "/my docs", "--title", "its", "a b", 'say "hi"', "$HOME"],
    });
    expect(parseUpstream("https://example.com/mcp?key=1")).toEqual({ url: "https://example.com/mcp?key=1" });
    expect(parseUpstream("gh=https://example.com/mcp")).toEqual({
      name: "gh",
      url: "https://example.com/mcp",
    });
  });

  it("rejects what it cannot read", () => {
    expect(() => parseUpstream("")).toThrow(/command or an http\(s\) URL/);
    expect(() => parseUpstream(`srv "unclosed`)).toThrow(/unterminated " quote/);
    expect(() => parseUpstream(`srv 'unclosed`)).toThrow(/unterminated ' quote/);
    // No shell runs the command: what only a shell would do is refused, not passed on as odd words.
    expect(() => parseUpstream("srv | tee log")).toThrow(/must be one plain command/);
    expect(() => parseUpstream("srv $(whoami)")).toThrow(/must be one plain command/);
    expect(() => parseUpstream("srv > log")).toThrow(/must be one plain command/);
    expect(() => parseUpstream("https://exa mple.com")).toThrow(/whitespace/);
    expect(() => parseUpstream("bad..name=srv")).toThrow(/invalid upstream name "bad..name"/);
  });
});

describe("real MCP servers from npm", () => {
  it("composes calls to @modelcontextprotocol/server-memory over stdio in one script", async () => {
    const file = join(temp, "memory.jsonl");
    const api = track(new ScriptedTool({ name: "memory" }));
    const mem = await connectUpstream(api, {
      name: "mem",
      command: process.execPath,
      args: [MEMORY_BIN],
      env: { MEMORY_FILE_PATH: file },
    });
    open.push(mem);
    expect(mem.tools).toContain("mem.read_graph");
    expect(mem.skipped).toEqual([]);

    const plan = await api.execute(
      `mem.create_entities --entities '[{"name":"Ada","entityType":"person","observations":[]}]'
mem.read_graph | jq '.entities | length'`,
      { plan: true },
    );
    expect(plan.stdout).toMatch(/"planned":true[^\n]*\n0\n$/);
    expect(plan.plannedCalls?.map((call) => call.name)).toEqual(["mem.create_entities"]);

    const run = await api.execute(`set -e
mem.create_entities --entities '[
  {"name":"Ada","entityType":"person","observations":["wrote the first program"]},
  {"name":"Analytical Engine","entityType":"machine","observations":[]}
]' > /dev/null
mem.create_relations --relations '[{"from":"Ada","to":"Analytical Engine","relationType":"programmed"}]' > /dev/null
mem.read_graph | jq -r '.relations[] | "\\(.from) \\(.relationType) \\(.to)"'
mem.search_nodes --query program | jq -r '.entities[].name'
help mem.read_graph | grep '^Output:'`);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(
      "Ada programmed Analytical Engine\nAda\n" +
        "Output: {entities: [{name: string, entityType: string, observations: [string]}], relations: [{from: string, to: string, relationType: string}]}\n",
    );
    expect(readFileSync(file, "utf8")).toContain('"name":"Ada"');
  });

  it("imports @modelcontextprotocol/server-everything over stdio without leaking the host's environment", async () => {
    process.env.TOOLSHELL_TEST_SECRET = "do-not-leak";
    const api = track(new ScriptedTool({ name: "everything" }));
    let ev: UpstreamConnection;
    try {
      ev = await connectUpstream(api, { command: process.execPath, args: [EVERYTHING_BIN, "stdio"] });
    } finally {
      delete process.env.TOOLSHELL_TEST_SECRET;
    }
    open.push(ev);
    expect(ev.name).toBe("mcp-servers_everything");
    expect(ev.skipped).toEqual([
      {
        name: "simulate-research-query",
        reason: "it can only run as an MCP task, which toolshell does not support yet",
      },
    ]);
    const run = await api.execute(`ns=mcp-servers_everything
$ns.get-env | jq -r 'keys | join(",")'
$ns.get-sum --a 2 --b 40
$ns.get-tiny-image
$ns.get-structured-content --location Chicago | jq -r .conditions`);
    expect(run.stderr).toBe("");
    const [keys, ...rest] = run.stdout.split("\n");
    expect(keys?.split(",")).not.toContain("TOOLSHELL_TEST_SECRET");
    expect(keys?.split(",")).toContain("PATH");
    expect(rest.join("\n")).toMatch(
      /^The sum of 2 and 40 is 42\.\nHere's the image you requested:\n\[image image\/png, \d+ bytes, not shown\]\nThe image above is the MCP logo\.\nLight rain \/ drizzle\n$/,
    );
  });

  it("explains a stdio upstream that fails to start with the end of its stderr", async () => {
    const api = track(new ScriptedTool({ name: "broken" }));
    const crash = ["-e", "console.error('FOO_API_KEY is not set'); process.exit(3)"];
    await expect(connectUpstream(api, { command: process.execPath, args: crash })).rejects.toThrow(
      /could not connect to upstream .*\nits stderr ended with:\nFOO_API_KEY is not set/s,
    );
    const heard: string[] = [];
    await expect(
      connectUpstream(
        api,
        { command: process.execPath, args: crash },
        { stderr: (text) => heard.push(text) },
      ),
    ).rejects.toThrow(/FOO_API_KEY is not set/);
    expect(heard.join("")).toBe("FOO_API_KEY is not set\n");
    expect(api.tools()).toEqual([]);
  });

  it("sends the configured headers over HTTP and does not fall back to SSE on 401", async () => {
    const seen: (string | undefined)[] = [];
    const http = createHttpServer(async (req, res) => {
      seen.push(req.headers.authorization);
      if (req.url?.startsWith("/locked")) {
        res.writeHead(401).end("unauthorized");
        return;
      }
      const server = new McpServer({ name: "in-process http", version: "1.0.0" });
      server.registerTool(
        "double",
        { description: "Doubles n", inputSchema: { n: z.number() }, annotations: { readOnlyHint: true } },
        ({ n }) => ({ content: [{ type: "text", text: String(n * 2) }] }),
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => void server.close());
      await server.connect(transport);
      await transport.handleRequest(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    open.push({ close: () => new Promise((resolve) => http.close(resolve)) });
    const address = http.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const api = track(new ScriptedTool({ name: "remote" }));
    const remote = await connectUpstream(api, {
      url: `${base}/mcp`,
      headers: { Authorization: "Bearer t0k" },
    });
    open.push(remote);
    expect(remote.name).toBe("in-process_http");
    expect((await api.execute("in-process_http.double --n 21")).stdout).toBe("42\n");
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen)).toEqual(new Set(["Bearer t0k"]));

    seen.length = 0;
    await expect(connectUpstream(api, { url: `${base}/locked?token=secret` })).rejects.toThrow(
      new RegExp(`^could not connect to upstream ${base}/locked: HTTP 401: .*unauthorized$`),
    );
    expect(seen).toHaveLength(1);

    // fetch refuses a URL with a user and password, quoting it whole: the error must not
    const withCredentials = `http://alice:s3cret@${base.slice("http://".length)}/mcp?token=secret`;
    const refused = await connectUpstream(api, { url: withCredentials }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(new RegExp(`^could not connect to upstream ${base}/mcp: `));
    expect((refused as Error).message).not.toMatch(/s3cret|token=secret/);
  });

  it("ends its Streamable HTTP session with a DELETE on close, and does not wait long for an upstream that hangs", async () => {
    const ended: string[] = [];
    let hangOnDelete = false;
    const transports = new Map<string, StreamableHTTPServerTransport>();
    const http = createHttpServer(async (req, res) => {
      if (req.method === "DELETE" && hangOnDelete) return; // never answers
      const known = transports.get(String(req.headers["mcp-session-id"]));
      if (known) return void known.handleRequest(req, res);
      const server = new McpServer({ name: "sessions", version: "1.0.0" });
      server.registerTool("ping", { description: "Answers pong" }, () => text("pong"));
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => `session-${transports.size}`,
        onsessioninitialized: (id) => void transports.set(id, transport),
        onsessionclosed: (id) => void ended.push(id),
      });
      open.push(server);
      await server.connect(transport);
      await transport.handleRequest(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    open.push({
      close: () =>
        new Promise((resolve) => {
          http.closeAllConnections();
          http.close(resolve);
        }),
    });
    const address = http.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/mcp`;
    const api = track(new ScriptedTool({ name: "remote" }));
    const first = await connectUpstream(api, { url });
    expect((await api.execute("sessions.ping")).stdout).toBe("pong\n");
    await first.close();
    expect(ended).toEqual(["session-0"]);

    hangOnDelete = true;
    const second = await connectUpstream(api, { url });
    const started = Date.now();
    await second.close();
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(ended).toEqual(["session-0"]);
  });

  it("reaches server-everything over Streamable HTTP, and an HTTP+SSE-only server through the fallback", async () => {
    for (const mode of ["streamableHttp", "sse"] as const) {
      const port = await freePort();
      const child = await startHttpServer(mode, port);
      open.push({ close: async () => void child.kill() });
      const api = track(new ScriptedTool({ name: "remote" }));
      const url = `http://127.0.0.1:${port}/${mode === "sse" ? "sse" : "mcp"}`;
      const ev = await connectUpstream(api, { name: "ev", url, headers: { "X-Test": "1" } });
      open.push(ev);
      const run = await api.execute("ev.echo --message hi; ev.get-sum --a 1 --b 2");
      expect({ mode, stdout: run.stdout, stderr: run.stderr }).toEqual({
        mode,
        stdout: "Echo: hi\nThe sum of 1 and 2 is 3.\n",
        stderr: "",
      });
    }
  });
});

it("runs examples/mcp-proxy.ts end to end", async () => {
  const result = await mcpProxyExample(false);
  expect(result.stdout).toBe(expectedStdout);
  expect(result.trace.map((entry) => entry.name)).toEqual([
    "mem.create_entities",
    "mem.create_relations",
    "mem.add_observations",
    "mem.read_graph",
    "mem.open_nodes",
  ]);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts server-everything's HTTP transport on `port`; resolves once it listens. */
function startHttpServer(mode: "streamableHttp" | "sse", port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [EVERYTHING_BIN, mode], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let said = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${said}`)), 15_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (/listening on port|running on port/i.test(said)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${said}`)));
  });
}
