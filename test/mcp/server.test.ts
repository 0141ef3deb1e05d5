// The MCP server side, through the SDK's real Client over real transports: an in-process linked pair, a spawned
// stdio process (a test fixture and the example), and streamable HTTP.
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  type CallToolResult,
  type Progress,
  ProgressNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import {
  createMcpServer,
  type McpHttpServer,
  type McpServerOptions,
  serveHttp,
} from "../../src/mcp/server.js";
import { shop, track } from "../helpers.js";
import { closeAfterAll, linked } from "../mcp-helpers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((part) => (part.type === "text" ? part.text : `<${part.type}>`)).join("");
}

/** A tool that waits until its call is aborted (or 10 s), recording what it saw. */
function waiter(seen: { started: number; aborted: number; tenants: unknown[] }): ToolDefinition {
  return {
    name: "wait_forever",
    annotations: { readOnlyHint: true },
    execute: (_params, ctx) => {
      seen.started++;
      seen.tenants.push(ctx.tenant);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve("late\n"), 10_000);
        ctx.signal.addEventListener("abort", () => {
          seen.aborted++;
          clearTimeout(timer);
          resolve("aborted\n");
        });
      });
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(10);
  }
}

describe("in-process (linked pair)", () => {
  it("lists one script tool with the definition's schema, an outputSchema and conservative annotations", async () => {
    const api = shop();
    const client = await linked(api);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["script"]);
    const [tool] = tools;
    expect(tool?.inputSchema).toEqual(api.definition().inputSchema);
    expect(tool?.description).toBe(api.definition().description);
    expect(tool?.outputSchema?.required).toEqual(["stdout", "stderr", "exitCode", "trace"]);
    // The e-commerce tools declare no risk: a script may then write, destroy and reach the world.
    expect(tool?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    const instructions = client.getInstructions() ?? "";
    expect(instructions).toContain("# `script` commands\n");
    expect(instructions).toContain("get_shipping");
  });

  it("derives annotations from the members' risk: read-only only when every member is", async () => {
    const readOnly: ToolDefinition[] = [
      { name: "a", risk: { readOnly: true, openWorld: false }, execute: () => "a" },
      { name: "b", annotations: { readOnlyHint: true, openWorldHint: false }, execute: () => "b" },
    ];
    const writer: ToolDefinition = {
      name: "w",
      risk: { readOnly: false, destructive: false },
      execute: () => "w",
    };
    const annotationsOf = async (tools: ToolDefinition[], options: McpServerOptions) => {
      const client = await linked(
        track(new ScriptedTool({ name: "t", tools, isolation: "inline" })),
        options,
      );
      return (await client.listTools()).tools[0]?.annotations;
    };
    expect(await annotationsOf(readOnly, {})).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(await annotationsOf([...readOnly, writer], {})).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    // A member that says nothing of its risk counts as a destructive, open-world writer.
    expect(await annotationsOf([...readOnly, { name: "x", execute: () => "x" }], {})).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
  });

  it("answers a call with resultText as text and the run as structuredContent", async () => {
    const client = await linked(shop());
    const result = await call(client, "script", { commands: "get_user --id 42 | jq -r .name" });
    expect(result.isError).toBe(false);
    expect(text(result)).toBe("Jane Doe\n");
    expect(result.structuredContent).toMatchObject({ stdout: "Jane Doe\n", stderr: "", exitCode: 0 });
    const trace = (result.structuredContent as { trace: unknown[] }).trace;
    expect(trace).toEqual([{ name: "get_user", exitCode: 0, durationMs: expect.any(Number) }]);
  });

  it("sets isError on a non-zero exit, with stderr and the exit code in the text", async () => {
    const client = await linked(shop());
    const result = await call(client, "script", { commands: "echo before; get_user --id 1" });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("before\n[stderr]\nget_user: callback failed\n[exit code 1]\n");
    const failed = await call(client, "script", { commands: "get_user --idd 42" });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toContain("get_user: unknown flag --idd (did you mean --id?)");
    expect(text(failed)).toMatch(/\[exit code 2\]\n$/);
    expect(failed.structuredContent).toMatchObject({ exitCode: 2, stdout: "" });
  });

  it("refuses bad arguments as a failed run, and an unknown tool as a protocol error", async () => {
    const client = await linked(shop());
    const wrongType = await call(client, "script", { commands: 42 });
    expect(wrongType.isError).toBe(true);
    expect(text(wrongType)).toContain('"commands" must be a string');
    const extra = await call(client, "script", { commands: "echo hi", shell: "zsh" });
    expect(text(extra)).toContain('unknown argument "shell"');
    await expect(call(client, "discover", {})).rejects.toThrow(/Unknown tool: discover/);
  });

  it("renames the script tool", async () => {
    const client = await linked(shop(), { toolName: "shop_script" });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["shop_script"]);
    expect(text(await call(client, "shop_script", { commands: "echo ok" }))).toBe("ok\n");
    expect(client.getInstructions()).toContain("# `shop_script` commands\n");
    expect(() => createMcpServer(shop(), { toolName: "discover", discovery: true })).toThrow(/taken/);
  });

  it("stops the run when the client cancels the request", async () => {
    const seen = { started: 0, aborted: 0, tenants: [] as unknown[] };
    const after: string[] = [];
    const api = track(
      new ScriptedTool({
        name: "slow",
        tools: [waiter(seen), { name: "after", execute: () => after.push("ran") }],
      }),
    );
    const client = await linked(api);
    const controller = new AbortController();
    const pending = client.callTool(
      { name: "script", arguments: { commands: "wait_forever; after" } },
      undefined,
      {
        signal: controller.signal,
      },
    );
    await until(() => seen.started === 1, "the tool to start");
    controller.abort();
    await expect(pending).rejects.toThrow();
    await until(() => seen.aborted === 1, "the tool's signal to abort", 2_000);
    await pause(100);
    expect(after).toEqual([]); // the script did not go on after the cancelled call
  });

  it("sends progress notifications while a run lasts, only when asked", async () => {
    const api = track(
      new ScriptedTool({
        name: "slow",
        isolation: "inline",
        tools: [
          { name: "nap", execute: () => new Promise((resolve) => setTimeout(() => resolve("done\n"), 450)) },
        ],
      }),
    );
    const client = await linked(api, { progressIntervalMs: 100 });
    const progress: Progress[] = [];
    const started = performance.now();
    const result = await client.callTool({ name: "script", arguments: { commands: "nap" } }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(text(result as CallToolResult)).toBe("done\n");
    expect(progress.length).toBeGreaterThanOrEqual(2);
    // About one per interval of the run (which includes starting a worker when the pool is cold).
    expect(progress.length).toBeLessThanOrEqual(Math.ceil((performance.now() - started) / 100) + 1);
    const values = progress.map((update) => update.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    expect(progress[0]?.message).toMatch(/^script running for \d+\.\d s$/);
    const count = progress.length;
    await pause(250);
    expect(progress.length).toBe(count); // none after the result

    // Without a progressToken the server sends none; with one, it does (counted below the SDK's own handler).
    const quiet = await linked(api, { progressIntervalMs: 100 });
    const tokens: unknown[] = [];
    quiet.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      tokens.push(notification.params.progressToken);
    });
    await quiet.callTool({ name: "script", arguments: { commands: "nap" } });
    expect(tokens).toEqual([]);
    await quiet.callTool({ name: "script", arguments: { commands: "nap" }, _meta: { progressToken: "t1" } });
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(new Set(tokens)).toEqual(new Set(["t1"]));
  });

  it("passes the tenant and context the options derive to the run", async () => {
    const seen: unknown[] = [];
    const api = track(
      new ScriptedTool({
        name: "t",
        isolation: "inline",
        tools: [{ name: "who", execute: (_params, ctx) => void seen.push([ctx.tenant, ctx.context]) }],
      }),
    );
    const client = await linked(api, {
      tenant: (authInfo) => authInfo?.clientId ?? "anonymous",
      context: (request) => ({ session: request.sessionId ?? "none" }),
    });
    await call(client, "script", { commands: "who" });
    expect(seen).toEqual([["anonymous", { session: "none" }]]);
  });

  describe("discovery mode", () => {
    it("lists a read-only discover tool next to the script tool", async () => {
      const client = await linked(shop(), { discovery: true });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["script", "discover"]);
      expect(tools[1]?.annotations).toEqual({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(Object.keys(tools[1]?.inputSchema.properties ?? {})).toEqual([
        "query",
        "category",
        "tag",
        "tool",
      ]);
    });

    it("answers what help and discover give, without running a script", async () => {
      const api = shop();
      const client = await linked(api, { discovery: true });
      const all = await call(client, "discover", {});
      expect(all.isError).toBe(false);
      expect(text(all)).toContain("Tools (4):\n  get_user      Fetch a user by id\n");
      expect(text(all)).toContain("Categories: catalog (1), crm (1), sales (2)\n");
      expect((all.structuredContent as { tools: unknown[] }).tools).toHaveLength(4);

      const sales = await call(client, "discover", { category: "Sales", tag: "shipping" });
      expect(
        (sales.structuredContent as { tools: { name: string }[] }).tools.map((tool) => tool.name),
      ).toEqual(["get_shipping"]);
      const searched = await call(client, "discover", { query: "product" });
      expect(text(searched)).toMatch(/^Tools matching "product" \(1\):\n {2}get_product/);

      // `tool` gives what `help <tool>` prints in a script, plus the schemas.
      const one = await call(client, "discover", { tool: "list_orders" });
      const inShell = await api.execute("help list_orders");
      expect(text(one)).toBe(inShell.stdout);
      expect(
        (one.structuredContent as { tools: { inputSchema: { required: string[] } }[] }).tools[0]?.inputSchema,
      ).toMatchObject({ required: ["user_id"] });
    });

    it("reports unknown tools and mixed queries as errors a model can act on", async () => {
      const client = await linked(shop(), { discovery: true });
      const typo = await call(client, "discover", { tool: "get_usr" });
      expect(typo.isError).toBe(true);
      expect(text(typo)).toContain("no tool named get_usr (did you mean get_user?)");
      const mixed = await call(client, "discover", { tool: "get_user", tag: "users" });
      expect(text(mixed)).toBe("discover: give either tool, or any of query, category and tag\n");
      const none = await call(client, "discover", { tag: "nothing" });
      expect(none.isError).toBe(false);
      expect(text(none)).toContain('No tools tagged "nothing"');
    });
  });
});

describe("stdio (spawned process)", () => {
  async function spawnClient(script: string): Promise<{ client: Client; stderr: () => string }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", script],
      cwd: ROOT,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    closeAfterAll(client);
    return { client, stderr: () => stderr };
  }

  it("serves the fixture: list, call, isError, progress and cancellation", async () => {
    const { client, stderr } = await spawnClient("test/fixtures/mcp-stdio-server.ts");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["script"]);
    expect(tools[0]?.annotations?.readOnlyHint).toBe(true); // every fixture tool is annotated read-only

    const ok = await call(client, "script", { commands: "greet --name ada | jq -r .greeting" });
    expect(text(ok)).toBe("hello ada\n");
    const failed = await call(client, "script", { commands: "fail" });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toBe("[stderr]\nfail: nothing to see\n[exit code 1]\n");

    const controller = new AbortController();
    const progress: Progress[] = [];
    const pending = client.callTool({ name: "script", arguments: { commands: "slow" } }, undefined, {
      signal: controller.signal,
      onprogress: (update) => progress.push(update),
    });
    await until(() => progress.length >= 2, "progress from the child");
    controller.abort();
    await expect(pending).rejects.toThrow();
    await until(() => stderr().includes("slow: aborted"), "the child's run to stop", 3_000);
  });

  it("stops, without crashing, when the client stops reading its stdout mid-run", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/mcp-stdio-server.ts"], {
      cwd: ROOT,
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    await new Promise((resolve) => child.stdout.once("data", resolve));
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    child.stdout.destroy(); // the client goes away but leaves the child's stdin open
    send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "script", arguments: { commands: "slow" }, _meta: { progressToken: 1 } },
    });
    try {
      expect(await exited).toBe(0);
      expect(stderr).toContain("slow: aborted");
      expect(stderr).not.toContain("EPIPE");
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("runs examples/mcp-server.ts: the e-commerce tools as one script tool", async () => {
    const { client } = await spawnClient("examples/mcp-server.ts");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["script", "discover"]);
    const result = await call(client, "script", {
      commands:
        'order=$(list_orders --user_id 42 --limit 1 | jq -r ".[0].order_id"); get_shipping --order_id "$order" | jq -r .carrier',
    });
    expect(text(result)).toBe("DHL\n");
    expect(
      (result.structuredContent as { trace: { name: string }[] }).trace.map((entry) => entry.name),
    ).toEqual(["list_orders", "get_shipping"]);
    expect(text(await call(client, "discover", { tag: "users" }))).toContain("get_user");
  });
});

describe("streamable HTTP", () => {
  const servers: McpHttpServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  const seen = { started: 0, aborted: 0, tenants: [] as unknown[] };
  const api = track(
    new ScriptedTool({
      name: "http",
      tools: [
        waiter(seen),
        { name: "whoami", execute: (_params, ctx) => `${String(ctx.tenant)}\n` },
        { name: "nap", execute: () => new Promise((resolve) => setTimeout(() => resolve("rested\n"), 350)) },
      ],
    }),
  );

  /** Bearer tokens "token-<tenant>" authenticate as that tenant. */
  async function start(): Promise<McpHttpServer> {
    const server = await serveHttp(api, {
      port: 0,
      progressIntervalMs: 100,
      authenticate: (request) => {
        const token = /^Bearer token-(\w+)$/.exec(request.headers.authorization ?? "")?.[1];
        return token ? { token, clientId: token, scopes: [] } : undefined;
      },
    });
    servers.push(server);
    return server;
  }

  async function connect(url: string, tenant: string): Promise<{ client: Client; sessionId: string }> {
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer token-${tenant}` } },
    });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    closeAfterAll(client);
    return { client, sessionId: transport.sessionId ?? "" };
  }

  /** A raw POST, to send what the SDK client never would. */
  function post(url: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
      });
      req.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    });
  }

  it("binds 127.0.0.1, runs scripts for the tenant the auth info names, and streams progress", async () => {
    const { url } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client: acme } = await connect(url, "acme");
    const { client: globex } = await connect(url, "globex");
    expect(text(await call(acme, "script", { commands: "whoami" }))).toBe("acme\n");
    expect(text(await call(globex, "script", { commands: "whoami" }))).toBe("globex\n");

    const progress: Progress[] = [];
    const result = await acme.callTool({ name: "script", arguments: { commands: "nap" } }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(text(result as CallToolResult)).toBe("rested\n");
    expect(progress.length).toBeGreaterThanOrEqual(2);
  });

  it("stops a run cancelled by the client", async () => {
    const { url } = await start();
    const { client } = await connect(url, "acme");
    const before = seen.started;
    const controller = new AbortController();
    const pending = client.callTool({ name: "script", arguments: { commands: "wait_forever" } }, undefined, {
      signal: controller.signal,
    });
    await until(() => seen.started === before + 1, "the tool to start");
    expect(seen.tenants.at(-1)).toBe("acme");
    controller.abort();
    await expect(pending).rejects.toThrow();
    await until(() => seen.aborted === before + 1, "the tool's signal to abort", 2_000);
  });

  it("refuses requests without auth, sessions of another tenant, and foreign Host or Origin headers", async () => {
    const { url } = await start();
    await expect(connect(url, "")).rejects.toThrow();
    const { sessionId } = await connect(url, "acme");
    const session = { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" };
    const accept = { accept: "application/json, text/event-stream" };
    expect(await post(url, { ...accept, ...session, authorization: "Bearer token-acme" })).toBe(200);
    expect(await post(url, { ...accept, ...session, authorization: "Bearer token-globex" })).toBe(404);
    expect(await post(url, { ...accept, ...session })).toBe(401);
    const { port } = new URL(url);
    const auth = { ...accept, ...session, authorization: "Bearer token-acme" };
    expect(await post(url, { ...auth, host: `evil.example:${port}` })).toBe(403);
    expect(await post(url, { ...auth, origin: "https://evil.example" })).toBe(403);
    // DNS rebinding through a name that merely starts like a loopback address
    expect(await post(url, { ...auth, host: `127.0.0.1.evil.example:${port}` })).toBe(403);
    expect(await post(url, { ...auth, origin: `http://127.0.0.1.evil.example:${port}` })).toBe(403);
    expect(await post(url, { ...auth, host: `127.0.0.2:${port}` })).toBe(200);
    expect(await post(url, { ...auth, origin: `http://localhost:${port}` })).toBe(200);
    expect(await post(url.replace("/mcp", "/other"), auth)).toBe(404);
  });

  it("toolsChanged() tells every session to list again, whose script tool then shows the new commands' risk", async () => {
    const changing = track(
      new ScriptedTool({
        name: "changing",
        tools: [
          { name: "look", annotations: { readOnlyHint: true, openWorldHint: false }, execute: () => "ok\n" },
        ],
      }),
    );
    const server = await serveHttp(changing, { port: 0 });
    servers.push(server);
    const client = new Client({ name: "test", version: "1.0.0" });
    let notified = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      notified++;
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    closeAfterAll(client);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    expect((await client.listTools()).tools[0]?.annotations?.readOnlyHint).toBe(true);

    changing.add({ name: "wipe", annotations: { destructiveHint: true }, execute: () => "gone\n" });
    // The standalone SSE stream the client opens after initialize may still be on its way.
    await until(() => {
      server.toolsChanged();
      return notified > 0;
    }, "notifications/tools/list_changed");
    const [script] = (await client.listTools()).tools;
    expect(script?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(script?.description).toContain("wipe");
  });

  it("answers 401 when authenticate says no with null or false, not only with undefined", async () => {
    for (const no of [null, false]) {
      const server = await serveHttp(api, {
        port: 0,
        authenticate: () => no as unknown as undefined, // what a JavaScript hook often returns for "no"
      });
      servers.push(server);
      await expect(connect(server.url, "acme")).rejects.toThrow();
      expect(await post(server.url, { accept: "application/json, text/event-stream" })).toBe(401);
    }
  });

  it("closes cleanly with a session open and a run in flight", async () => {
    const server = await start();
    const { client } = await connect(server.url, "acme");
    const before = seen.aborted;
    // The client is left retrying a server that is gone; only the server side matters here.
    client.callTool({ name: "script", arguments: { commands: "wait_forever" } }).catch(() => {});
    await until(() => seen.started > seen.aborted, "the tool to start");
    await server.close();
    await until(() => seen.aborted === before + 1, "the run to stop", 2_000);
  });
});
