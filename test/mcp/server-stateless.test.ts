// serveHttp's stateless mode in one process (its default MemoryStore): a session outlives its idle period while one
// of its requests runs, so the run's cancel still finds it; a DELETE ends a session for good; GET has no stream.
// test/redis/mcp-stateless.test.ts runs two replicas on a real Redis.
import type { IncomingMessage } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { type McpHttpServer, serveHttp } from "../../src/mcp/index.js";
import { track } from "../helpers.js";

/** The tenant a request's `Bearer token-<tenant>` names. */
const tenantOfBearer = (request: IncomingMessage) => {
  const token = /^Bearer token-(\w+)$/.exec(request.headers.authorization ?? "")?.[1];
  return token ? { token, clientId: token, scopes: [] } : undefined;
};

/** A raw initialize as `tenant`: its status and body. */
async function initializeAs(url: string, tenant: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer token-${tenant}`,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
  });
  return { status: response.status, text: await response.text() };
}

describe("serveHttp({ stateless: true }) in one process", () => {
  const servers: McpHttpServer[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await Promise.all(servers.map((server) => server.close()));
  });
  const seen = { started: 0, aborted: 0 };
  const api = track(
    new ScriptedTool({
      name: "stateless",
      tools: [
        {
          name: "wait_forever",
          description: "Waits until aborted.",
          execute: (_params, ctx) =>
            new Promise((resolve) => {
              seen.started++;
              const timer = setTimeout(() => resolve("late\n"), 20_000);
              ctx.signal.addEventListener("abort", () => {
                seen.aborted++;
                clearTimeout(timer);
                resolve("aborted\n");
              });
            }),
        },
      ],
    }),
  );

  async function start() {
    const server = await serveHttp(api, { port: 0, stateless: true, sessionIdleMs: 400 });
    servers.push(server);
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    clients.push(client);
    return { server, client, session: transport.sessionId as string };
  }

  const post = (url: string, session: string) =>
    fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": session,
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    }).then(async (response) => {
      await response.text();
      return response.status;
    });

  it("keeps a session while its request runs past the idle period, so the run's cancel still stops it", async () => {
    const { client } = await start();
    const controller = new AbortController();
    const before = seen.aborted;
    const pending = client.callTool({ name: "script", arguments: { commands: "wait_forever" } }, undefined, {
      signal: controller.signal,
    });
    pending.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 1200)); // three idle periods
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expect.poll(() => seen.aborted, { timeout: 3000 }).toBe(before + 1);
  });

  it("ends a session for good on DELETE, and has no GET stream", async () => {
    const { server, session } = await start();
    expect(await post(server.url, session)).toBe(200);
    const deleted = await fetch(server.url, { method: "DELETE", headers: { "mcp-session-id": session } });
    expect(deleted.status).toBe(200);
    expect(await post(server.url, session)).toBe(404);
    const get = await fetch(server.url, {
      headers: { accept: "text/event-stream", "mcp-session-id": session },
    });
    await get.text();
    expect(get.status).toBe(405);
  });

  it("caps the sessions opened per idle period per tenant and in all, when asked (TM-DOS-010)", async () => {
    const server = await serveHttp(api, {
      port: 0,
      stateless: true,
      sessionIdleMs: 60_000,
      maxSessions: 3,
      maxSessionsPerTenant: 2,
      authenticate: tenantOfBearer,
    });
    servers.push(server);
    const initialize = (tenant: string) => initializeAs(server.url, tenant);
    expect((await initialize("acme")).status).toBe(200);
    expect((await initialize("acme")).status).toBe(200);
    const third = await initialize("acme");
    expect(third.status).toBe(503);
    expect(third.text).toContain("Too many sessions opened for this tenant (at most 2 per 60 s); retry in ");
    // Another tenant still opens one, until the server's own cap (3 in all) is reached.
    expect((await initialize("globex")).status).toBe(200);
    const fourth = await initialize("initech");
    expect(fourth.status).toBe(503);
    expect(fourth.text).toContain("Too many sessions opened in all (at most 3 per 60 s)");
  });

  it("charges a tenant nothing for an initialize the total cap refused", async () => {
    const { MemoryStore } = await import("../../src/index.js");
    const store = new MemoryStore();
    const server = await serveHttp(api, {
      port: 0,
      stateless: true,
      store,
      sessionIdleMs: 60_000,
      maxSessions: 2,
      maxSessionsPerTenant: 2,
      authenticate: tenantOfBearer,
    });
    servers.push(server);
    const initialize = async (tenant: string) => (await initializeAs(server.url, tenant)).status;
    expect([await initialize("acme"), await initialize("acme")]).toEqual([200, 200]);
    expect([await initialize("beta"), await initialize("beta")]).toEqual([503, 503]);
    // beta's own window holds nothing: both of its slots are still free.
    const peek = store.admit(JSON.stringify(["mcp:sessions", "beta"]), {
      rateLimit: { calls: 1, perMs: 60_000 },
      take: false,
      trialLeaseMs: 0,
      ticket: "peek",
    });
    expect(peek).toEqual({ admitted: "run" });
  });

  it("refuses a store without stateless", async () => {
    const { MemoryStore } = await import("../../src/index.js");
    await expect(serveHttp(api, { port: 0, store: new MemoryStore() })).rejects.toThrow(
      "store is for stateless: true",
    );
  });
});
