/**
 * Two replicas of one MCP server sharing a Redis: each is a ScriptedTool on a RedisStore with the same prefix,
 * served by a stateless `serveHttp`. A rate limit of 5 calls a minute holds across both, and a run started on one
 * replica is cancelled by a request to the other. Needs a Redis:
 * `npx tsx examples/replicas.ts redis://127.0.0.1:6379` (with `apt-get install redis-server` running locally).
 * In production each replica is its own process behind a load balancer; here both live in this one.
 */
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ScriptedTool } from "../src/index.js";
import { serveHttp } from "../src/mcp/index.js";
import { RedisStore } from "../src/redis/index.js";

/** One replica: its own store connection, ScriptedTool and server, as a separate process would have. */
async function replica(url: string, prefix: string, events: string[]) {
  const store = new RedisStore({ url, prefix });
  await store.ready(); // connected, or a clear error within 5 s
  const api = new ScriptedTool({
    name: "geo",
    store,
    tools: [
      {
        name: "geocode",
        description: "Coordinates of a place (an upstream allowing 5 calls a minute)",
        inputSchema: { type: "object", properties: { place: { type: "string" } }, required: ["place"] },
        risk: { readOnly: true },
        rateLimit: { calls: 5, perMs: 60_000 },
        execute: ({ place }) => ({ place, lat: 48.85, lon: 2.35 }),
      },
      {
        name: "export_all",
        description: "A long export (waits until cancelled)",
        risk: { readOnly: true },
        execute: (_params, ctx) =>
          new Promise((resolve) => {
            events.push("export started");
            ctx.signal.addEventListener("abort", () => {
              events.push("export cancelled");
              resolve("cancelled\n");
            });
          }),
      },
    ],
  });
  const server = await serveHttp(api, { port: 0, stateless: true, store });
  return {
    server,
    close: async () => {
      await server.close();
      await api.close();
      await store.close();
    },
  };
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "example", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** Waits for `condition`, failing after 5 s rather than hanging. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const text = (result: unknown) =>
  (result as CallToolResult).content.map((part) => (part.type === "text" ? part.text : "")).join("");

export async function main(
  redisUrl = process.argv[2] ?? "redis://127.0.0.1:6379",
  log: (line: string) => void = (line) => console.log(line),
) {
  const prefix = `example-${randomUUID()}`; // a fresh prefix: this run's limit starts empty
  const events: string[] = [];
  const [a, b] = [await replica(redisUrl, prefix, events), await replica(redisUrl, prefix, events)];
  const clients: Client[] = [];
  try {
    const [onA, onB] = [await connect(a.server.url), await connect(b.server.url)];
    clients.push(onA, onB);
    // 4 geocodes through A, then 4 through B: the limit of 5 a minute is one limit for both.
    const geocodes =
      'for p in Paris Lyon Nice Lille; do geocode --place "$p" >/dev/null 2>&1 && echo ok || echo limited; done';
    const fromA = text(await onA.callTool({ name: "script", arguments: { commands: geocodes } }));
    const fromB = text(await onB.callTool({ name: "script", arguments: { commands: geocodes } }));
    log(`replica A: ${fromA.trim().split("\n").join(" ")}`);
    log(`replica B: ${fromB.trim().split("\n").join(" ")}`);

    // A run on A, cancelled by a request that reaches B (as a load balancer may send it): same session, any replica.
    const transport = new StreamableHTTPClientTransport(new URL(a.server.url));
    const client = new Client({ name: "example", version: "1.0.0" });
    await client.connect(transport);
    clients.push(client);
    const controller = new AbortController();
    const run = client.callTool({ name: "script", arguments: { commands: "export_all" } }, undefined, {
      signal: controller.signal,
    });
    run.catch(() => {});
    await until(() => events.includes("export started"), "the export to start");
    await fetch(b.server.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": transport.sessionId ?? "",
        "mcp-protocol-version": "2025-06-18",
      },
      // The SDK client numbers its requests from 0: initialize was 0, this tools/call is 1.
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }),
    });
    await until(() => events.includes("export cancelled"), "the export to be cancelled");
    controller.abort();
    log("the export started on A was cancelled through B");
    return { fromA, fromB, events };
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await a.close();
    await b.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
