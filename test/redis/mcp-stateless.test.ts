// Two stateless MCP HTTP replicas (test/fixtures/mcp-replica.ts, each its own process) on one real Redis, behind
// a tiny round-robin proxy: one SDK client is served by both, progress streams, and a cancel that lands on the
// other replica stops the run; another session's cancel does not.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisMissing, sharedRedis } from "../redis-server.js";

interface McpReplica {
  child: ChildProcessWithoutNullStreams;
  port: number;
  events: string[];
}

async function startReplica(redisUrl: string, prefix: string): Promise<McpReplica> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/fixtures/mcp-replica.ts", redisUrl, prefix],
    { env },
  );
  const events: string[] = [];
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line.startsWith("url ")) resolve(line.slice(4));
      else events.push(line);
    });
    child.once("exit", () => reject(new Error(`the replica exited:\n${stderr}`)));
  });
  return { child, port: Number(new URL(url).port), events };
}

/** Which replica each request went to, and its JSON-RPC methods. */
interface Routed {
  replica: number;
  methods: string[];
}

/** A round-robin proxy: request n goes to replica n mod 2, with its body, and the answer streams back. */
function roundRobin(
  replicas: McpReplica[],
): Promise<{ server: Server; url: string; routed: Routed[]; next: () => number }> {
  let count = 0;
  const routed: Routed[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const index = count++ % replicas.length;
      const target = replicas[index] as McpReplica;
      const body = Buffer.concat(chunks);
      let methods: string[] = [];
      try {
        methods = [JSON.parse(body.toString() || "null")].flat().map((message) => String(message?.method));
      } catch {}
      routed.push({ replica: index, methods: request.method === "POST" ? methods : [request.method ?? ""] });
      const upstream = httpRequest(
        {
          host: "127.0.0.1",
          port: target.port,
          path: request.url,
          method: request.method,
          headers: { ...request.headers, host: `127.0.0.1:${target.port}` },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", () => response.destroy());
      response.on("close", () => upstream.destroy());
      upstream.end(body);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
        routed,
        next: () => count % replicas.length,
      }),
    ),
  );
}

async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function text(result: unknown): string {
  return (result as CallToolResult).content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

describe.skipIf(redisMissing)("stateless MCP over HTTP across two replicas", () => {
  let redis: { url: string; stop: () => Promise<void> };
  let replicas: McpReplica[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  const clients: Client[] = [];

  beforeAll(async () => {
    redis = await sharedRedis();
    const prefix = `t-${randomUUID()}`;
    replicas = await Promise.all([startReplica(redis.url, prefix), startReplica(redis.url, prefix)]);
    proxy = await roundRobin(replicas);
  }, 30_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    for (const replica of replicas) replica.child.stdin.end();
    await Promise.all(
      replicas.map(
        (replica) =>
          new Promise((resolve) =>
            replica.child.exitCode !== null ? resolve(0) : replica.child.once("exit", resolve),
          ),
      ),
    );
    await new Promise((resolve) => proxy?.server.close(resolve));
    await redis?.stop();
  });

  async function connect(
    tenant: string,
  ): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
    const transport = new StreamableHTTPClientTransport(new URL(proxy.url), {
      requestInit: { headers: { authorization: `Bearer token-${tenant}` } },
    });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    clients.push(client);
    return { client, transport };
  }

  it("serves one client from both replicas, with progress on each request's own stream", async () => {
    const { client, transport } = await connect("acme");
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const answers = new Set<string>();
    for (let i = 0; i < 4; i++)
      answers.add(text(await client.callTool({ name: "script", arguments: { commands: "whoami" } })));
    // Both processes answered the one session, each for the tenant that opened it.
    expect(answers.size).toBe(2);
    for (const answer of answers) expect(answer).toMatch(/^acme on \d+\n$/);
    expect(new Set(proxy.routed.map((route) => route.replica))).toEqual(new Set([0, 1]));

    const progress: Progress[] = [];
    const napped = await client.callTool({ name: "script", arguments: { commands: "nap" } }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(text(napped)).toBe("rested\n");
    expect(progress.length).toBeGreaterThanOrEqual(2);
  });

  it("stops a run when its cancel reaches the other replica, and not for another session's cancel", async () => {
    const { client } = await connect("acme");
    const { transport: intruder } = await connect("globex");
    const controller = new AbortController();
    const pending = client.callTool({ name: "script", arguments: { commands: "wait_forever" } }, undefined, {
      signal: controller.signal,
    });
    pending.catch(() => {});
    await until(
      () => replicas.some((replica) => replica.events.includes("started acme")),
      "the run to start",
    );
    const runner = replicas.findIndex((replica) => replica.events.includes("started acme"));
    const call = proxy.routed.findLast((route) => route.methods.includes("tools/call"));
    expect(call?.replica).toBe(runner);

    // Another tenant's session cancels every request id it can guess: the run goes on.
    for (let requestId = 0; requestId < 12; requestId++) {
      await intruder.send({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId, reason: "no" },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      replicas.flatMap((replica) => replica.events).filter((event) => event.startsWith("aborted")),
    ).toEqual([]);

    // The client's own cancel, sent through the replica that is not running the request.
    if (proxy.next() === runner) await client.listTools();
    expect(proxy.next()).not.toBe(runner);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await until(
      () => (replicas[runner] as McpReplica).events.includes("aborted acme"),
      "the run to stop",
      3_000,
    );
    const cancel = proxy.routed.findLast((route) => route.methods.includes("notifications/cancelled"));
    expect(cancel?.replica).not.toBe(runner);
  });

  it("refuses a session it never opened, and one of another tenant, on every replica", async () => {
    const { transport } = await connect("acme");
    const session = transport.sessionId as string;
    const statuses: number[] = [];
    for (const [id, tenant] of [
      [session, "acme"],
      [session, "acme"],
      [session, "globex"],
      [session, "globex"],
      [randomUUID(), "acme"],
      [randomUUID(), "acme"],
    ] as const) {
      const response = await fetch(proxy.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": id,
          "mcp-protocol-version": "2025-06-18",
          authorization: `Bearer token-${tenant}`,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      await response.text();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 404, 404, 404, 404]);
  });
});
