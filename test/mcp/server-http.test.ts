// serveHttp's sessions and origin check, through real HTTP requests to a real server on 127.0.0.1:
// TM-ISO-002 (a per-tenant session cap; idle sessions of the tenant at its cap are closed first) and TM-NET-001
// (only this server's own origin, or none, may drive it).
import { request as httpRequest } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { type McpHttpOptions, type McpHttpServer, serveHttp } from "../../src/mcp/server.js";
import { track } from "../helpers.js";

const servers: McpHttpServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

const held: Array<() => void> = [];
const api = track(
  new ScriptedTool({
    name: "sessions",
    tools: [
      {
        name: "hold",
        annotations: { readOnlyHint: true },
        execute: () => new Promise((resolve) => held.push(() => resolve("released\n"))),
      },
    ],
  }),
);

/** Bearer tokens "token-<tenant>" authenticate as that tenant. */
async function start(options: Partial<McpHttpOptions> = {}, authenticated = true): Promise<string> {
  const server = await serveHttp(api, {
    port: 0,
    ...(authenticated
      ? {
          authenticate: (request) => {
            const token = /^Bearer token-(\w+)$/.exec(request.headers.authorization ?? "")?.[1];
            return token ? { token, clientId: token, scopes: [] } : undefined;
          },
        }
      : {}),
    ...options,
  });
  servers.push(server);
  return server.url;
}

interface Answer {
  status: number;
  sessionId: string | undefined;
  body: string;
}

/** Sends a POST's headers now; the returned function sends its body and waits for the answer. */
function send(url: string, headers: Record<string, string>): (message: unknown) => Promise<Answer> {
  const req = httpRequest(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => {
        const sessionId = response.headers["mcp-session-id"];
        resolve({ status: response.statusCode ?? 0, sessionId: sessionId as string | undefined, body });
      });
    });
    req.on("error", reject);
  });
  req.flushHeaders();
  return (message) => {
    req.end(JSON.stringify(message));
    return answer;
  };
}

function post(url: string, headers: Record<string, string>, message: unknown): Promise<Answer> {
  return send(url, headers)(message);
}

const auth = (tenant: string): Record<string, string> =>
  tenant ? { authorization: `Bearer token-${tenant}` } : {};

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1.0.0" } },
};

/** Opens a session for `tenant`; its id, or the status that refused it. */
async function open(url: string, tenant: string): Promise<string | number> {
  const answer = await post(url, auth(tenant), INITIALIZE);
  return answer.status === 200 && answer.sessionId ? answer.sessionId : answer.status;
}

function inSession(tenant: string, sessionId: string): Record<string, string> {
  return { ...auth(tenant), "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" };
}

/** The status of a tools/list in the session: 200 while it is open, 404 once it was closed. */
async function list(url: string, tenant: string, sessionId: string | number): Promise<number> {
  const message = { jsonrpc: "2.0", id: 2, method: "tools/list" };
  return (await post(url, inSession(tenant, String(sessionId)), message)).status;
}

/** A script call that holds its session busy until the test releases it (see `held`). */
const HOLD = {
  jsonrpc: "2.0",
  id: 3,
  method: "tools/call",
  params: { name: "script", arguments: { commands: "hold" } },
};

async function until(condition: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("serveHttp sessions per tenant", () => {
  it("caps a tenant at a quarter of maxSessions by default: past it its own oldest idle session closes", async () => {
    const url = await start({ maxSessions: 4 });
    const hog = [];
    for (let index = 0; index < 4; index++) hog.push(await open(url, "hog"));
    expect(hog.map((id) => typeof id)).toEqual(["string", "string", "string", "string"]);
    expect(await Promise.all(hog.map((id) => list(url, "hog", id)))).toEqual([404, 404, 404, 200]);
    const other = await open(url, "other");
    expect(typeof other).toBe("string");
    expect(await list(url, "other", other)).toBe(200);
  });

  it("closes the least recently used idle session first", async () => {
    const url = await start({ maxSessions: 10, maxSessionsPerTenant: 2 });
    const first = await open(url, "acme");
    const second = await open(url, "acme");
    expect(await list(url, "acme", first)).toBe(200); // first is now the more recently used
    const third = await open(url, "acme");
    expect([
      await list(url, "acme", first),
      await list(url, "acme", second),
      await list(url, "acme", third),
    ]).toEqual([200, 404, 200]);
  });

  it("never closes a busy session: 503 naming the cap when all of the tenant's are busy, others unaffected", async () => {
    const url = await start({ maxSessions: 10, maxSessionsPerTenant: 1 });
    const busy = await open(url, "acme");
    const running = post(url, inSession("acme", String(busy)), HOLD);
    await until(() => held.length === 1, "the tool to start");
    const refused = await post(url, auth("acme"), INITIALIZE);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message:
          "Too many open sessions for this tenant (at most 1, none idle); end one with DELETE or retry when one has no request in flight",
      },
      id: null,
    });
    expect(typeof (await open(url, "other"))).toBe("string");
    held.shift()?.();
    expect((await running).body).toContain("released");
    const next = await open(url, "acme"); // busy is idle now: it makes room
    expect([await list(url, "acme", busy), await list(url, "acme", next)]).toEqual([404, 200]);
  });

  it("makes room on a full server by closing an idle session of the tenant holding the most", async () => {
    const url = await start({ maxSessions: 3, maxSessionsPerTenant: 3 });
    const hog = [await open(url, "hog"), await open(url, "hog")];
    const small = await open(url, "small");
    const newcomer = await open(url, "newcomer");
    expect(typeof newcomer).toBe("string");
    expect([
      ...(await Promise.all(hog.map((id) => list(url, "hog", id)))),
      await list(url, "small", small),
    ]).toEqual([404, 200, 200]);
  });

  it("takes room on a full server from a tenant with an idle session when the biggest holds only busy ones", async () => {
    const url = await start({ maxSessions: 4, maxSessionsPerTenant: 2 });
    const hog = [await open(url, "hog"), await open(url, "hog")];
    const quiet = [await open(url, "quiet"), await open(url, "quiet")];
    const running = hog.map((id) => post(url, inSession("hog", String(id)), HOLD));
    await until(() => held.length === 2, "both of hog's calls to start");
    const newcomer = await open(url, "newcomer");
    expect(typeof newcomer).toBe("string");
    expect([
      ...(await Promise.all(quiet.map((id) => list(url, "quiet", id)))),
      await list(url, "newcomer", newcomer),
    ]).toEqual([404, 200, 200]);
    for (const release of held.splice(0)) release();
    expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([200, 200]);
  });

  it("never takes a slot from a tenant holding fewer sessions than the newcomer would", async () => {
    const url = await start({ maxSessions: 4, maxSessionsPerTenant: 4 });
    const first = [await open(url, "first"), await open(url, "first")];
    const second = [await open(url, "second"), await open(url, "second")];
    const third = await open(url, "second"); // second would hold 3, first holds 2: second replaces its own
    expect(typeof third).toBe("string");
    expect([
      ...(await Promise.all(first.map((id) => list(url, "first", id)))),
      ...(await Promise.all([...second, third].map((id) => list(url, "second", id)))),
    ]).toEqual([200, 200, 404, 200, 200]);
  });

  it("holds a tenant's cap for an initialize whose body arrives after its sessions became busy", async () => {
    let waiting = 0;
    const url = await start({
      maxSessions: 10,
      maxSessionsPerTenant: 2,
      authenticate: (request) => {
        if (request.headers["mcp-session-id"] === undefined) waiting++;
        return { token: "acme", clientId: "acme", scopes: [] };
      },
    });
    const sessions = [await open(url, "acme"), await open(url, "acme")];
    const late = send(url, auth("acme")); // its headers now, its body later
    await until(() => waiting === 3, "the late initialize to be authenticated");
    const running = sessions.map((id) => post(url, inSession("acme", String(id)), HOLD));
    await until(() => held.length === 2, "both sessions' calls to start");
    const refused = await late(INITIALIZE);
    expect([refused.status, JSON.parse(refused.body).error.message]).toEqual([
      503,
      "Too many open sessions for this tenant (at most 2, none idle); end one with DELETE or retry when one has no request in flight",
    ]);
    for (const release of held.splice(0)) release();
    expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([200, 200]);
  });

  it("does not evict for a request that is not an initialize", async () => {
    const url = await start({ maxSessions: 10, maxSessionsPerTenant: 1 });
    const session = await open(url, "acme");
    const stray = await post(url, auth("acme"), { jsonrpc: "2.0", id: 4, method: "tools/list" });
    expect(stray.status).toBe(400);
    expect(await list(url, "acme", session)).toBe(200);
  });

  it("without authenticate, every client is one tenant capped at maxSessions", async () => {
    const url = await start({ maxSessions: 2 }, false);
    const first = await open(url, "");
    const second = await open(url, "");
    expect([await list(url, "", first), await list(url, "", second)]).toEqual([200, 200]);
  });
});

describe("serveHttp origin check on a loopback address", () => {
  it("accepts no Origin, or this server's own origin in any loopback spelling", async () => {
    const url = await start({}, false);
    const { port } = new URL(url);
    for (const origin of [
      undefined,
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
      `http://[::1]:${port}`,
    ]) {
      const answer = await post(url, origin ? { origin } : {}, INITIALIZE);
      expect([origin, answer.status]).toEqual([origin, 200]);
    }
  });

  it("refuses another local port, another scheme, an opaque origin and the default port", async () => {
    const url = await start({}, false);
    const port = Number(new URL(url).port);
    const foreign = [
      `http://localhost:${port + 1}`,
      `http://127.0.0.1:${port === 65_535 ? 1 : port + 1}`,
      `https://localhost:${port}`,
      "null",
      "http://localhost",
    ];
    for (const origin of foreign) {
      const answer = await post(url, { origin }, INITIALIZE);
      expect([origin, answer.status, answer.body]).toEqual([
        origin,
        403,
        JSON.stringify({
          jsonrpc: "2.0",
          error: { code: -32000, message: "Forbidden: Host or Origin is not this machine" },
          id: null,
        }),
      ]);
    }
  });
});
