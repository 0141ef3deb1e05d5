/**
 * Streamable HTTP for the MCP server, on node:http: one session (an SDK Server plus its transport) per client,
 * created by `initialize` and named by the `Mcp-Session-Id` header. Sessions, not stateless mode, because a
 * `notifications/cancelled` arrives in a later request and must reach the server that runs the script.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { ToolshellError } from "../errors.js";
import {
  DEFAULT_MAX_MCP_SESSIONS,
  DEFAULT_MCP_SESSION_IDLE_MS,
  DEFAULT_MCP_TENANT_SHARE,
  MAX_MCP_BODY_BYTES,
} from "../limits.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { MemoryStore, type StateStore } from "../store/store.js";
import { createMcpServer, type McpServerOptions } from "./server-core.js";
import { jsonRpcError, readBody } from "./server-http-io.js";
import { SessionPool } from "./server-sessions.js";
import { statelessHandler } from "./server-stateless.js";

/** Options of serveHttp: the server's options plus where and how to listen. */
export interface McpHttpOptions extends McpServerOptions {
  /** TCP port; 0 picks a free one (read it from the returned url). */
  port: number;
  /**
   * Interface to bind (default "127.0.0.1", this machine only). On a loopback address, requests whose `Host` is
   * not a loopback name, or whose `Origin` is not this server's own (`http://<loopback name>:<its port>`), are
   * refused (403), which stops DNS-rebinding attacks and pages served from other local ports.
   */
  host?: string;
  /** The endpoint's path (default "/mcp"). */
  path?: string;
  /**
   * Authenticates every request: the AuthInfo it returns reaches the runs (`tenant`, `context`); undefined (or
   * anything else but an object) or a throw answers 401. A session stays bound to the tenant that opened it. Unset: no authentication.
   */
  authenticate?: (request: IncomingMessage) => AuthInfo | undefined | Promise<AuthInfo | undefined>;
  /**
   * Sessions open at once (default 100). When they are all open, a new `initialize` closes an idle session (no
   * request in flight but a standing GET stream) of the tenant that would hold the most, the newcomer counted with
   * the session it opens and losing its own first on a tie; a tenant holding fewer than the newcomer would never
   * loses one. 503 when no such session is idle.
   */
  maxSessions?: number;
  /**
   * Sessions one tenant may have open at once (default: a quarter of maxSessions, at least 1, with `authenticate`;
   * maxSessions without it, since every client is then the same tenant). A tenant at its cap that opens another
   * has its own least recently used idle session closed (that client gets 404 and must initialize again), so it
   * can never take the slots of other tenants; 503 when all of its sessions are busy.
   */
  maxSessionsPerTenant?: number;
  /** A session with no request open for this long (ms, default 30 minutes) is closed. */
  sessionIdleMs?: number;
  /**
   * Any replica answers any request, so the server can run as several processes behind a load balancer: no session
   * is kept in this process; the one an `initialize` opens is kept in `store` (with its tenant, for `sessionIdleMs`
   * after its last request), and a `notifications/cancelled` reaches the replica running the request through the
   * store. Each request gets its own SSE stream (progress included); there is no standing GET stream (405), so
   * `toolsChanged()` sends nothing. `maxSessions` / `maxSessionsPerTenant`, when set, cap the sessions opened
   * within each `sessionIdleMs` across every replica sharing the store (in all, and per tenant; 503 past them);
   * unset, a stateless server caps nothing (TM-DOS-010).
   */
  stateless?: boolean;
  /**
   * Where a stateless server keeps sessions and sends cancels (default: this process's memory, which serves one
   * replica): the same RedisStore (`toolshell/redis`) in every replica. Closing the server does not close it.
   */
  store?: StateStore;
}

/** A listening server: its endpoint URL, and close() (ends every session, aborting the runs in flight). */
export interface McpHttpServer {
  url: string;
  /**
   * Sends every session `notifications/tools/list_changed` (on its standing GET stream): call it after adding or
   * removing tools (an upstream's refresh included), since the script tool's description and annotations follow
   * its commands.
   */
  toolsChanged(): void;
  close(): Promise<void>;
}

/** The most sessions a stateless cap counts per idle period (each cap's window holds one number per session). */
const MAX_STATELESS_CAP = 100_000;

const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** 127.0.0.0/8 written as an address; a name such as `127.0.0.1.evil.example` is not one (DNS rebinding). */
const LOOPBACK_V4 = /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || LOOPBACK_V4.test(host);
}

/**
 * Whether the Host and Origin headers name this server (only checked when bound to a loopback address).
 * TM-NET-001: an Origin must be this server's own, `http://<any loopback name>:<its port>`: a page served from
 * another local port (a dev server, another tool's UI) is another origin, and may not drive this one.
 */
function fromThisMachine(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host ?? "";
  const hostName = host.endsWith(`:${port}`) ? host.slice(0, -`:${port}`.length) : undefined;
  if (hostName === undefined || !isLoopback(hostName)) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    const originPort = url.port === "" ? 80 : Number(url.port);
    return url.protocol === "http:" && isLoopback(url.hostname) && originPort === port;
  } catch {
    return false;
  }
}

function positiveOption(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ToolshellError("invalid_option", `${name} must be a positive number`);
  }
  return value;
}

/**
 * Serves `api` over MCP's streamable HTTP at `http://host:port/mcp` (sessions; SSE responses, so progress
 * notifications stream while a script runs).
 * @example
 * import { serveHttp } from "toolshell/mcp";
 * const { url, close } = await serveHttp(api, { port: 3000 }); // url: http://127.0.0.1:3000/mcp
 */
export async function serveHttp(api: ScriptedTool, options: McpHttpOptions): Promise<McpHttpServer> {
  const { port, host = "127.0.0.1", path = "/mcp", authenticate } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ToolshellError("invalid_option", "port must be a whole number from 0 to 65535");
  }
  if (!path.startsWith("/")) throw new ToolshellError("invalid_option", 'path must start with "/"');
  const maxSessions = positiveOption(options.maxSessions, DEFAULT_MAX_MCP_SESSIONS, "maxSessions");
  const perTenant = positiveOption(
    options.maxSessionsPerTenant,
    authenticate ? Math.max(1, Math.floor(maxSessions / DEFAULT_MCP_TENANT_SHARE)) : maxSessions,
    "maxSessionsPerTenant",
  );
  const idleMs = positiveOption(options.sessionIdleMs, DEFAULT_MCP_SESSION_IDLE_MS, "sessionIdleMs");
  createMcpServer(api, options); // checks the server options now rather than at the first client
  const ownerOf = (authInfo: AuthInfo | undefined) =>
    options.tenant ? options.tenant(authInfo) : authInfo?.clientId;

  if (options.store !== undefined && options.stateless !== true) {
    throw new ToolshellError(
      "invalid_option",
      "store is for stateless: true (sessions are kept in this process otherwise)",
    );
  }
  const stateless = options.stateless
    ? await statelessHandler(api, options, options.store ?? new MemoryStore(), idleMs, {
        // Stateless: caps on sessions opened per idle period across every replica, only when set (0050).
        total: options.maxSessions === undefined ? undefined : Math.min(maxSessions, MAX_STATELESS_CAP),
        perTenant:
          options.maxSessionsPerTenant === undefined ? undefined : Math.min(perTenant, MAX_STATELESS_CAP),
      })
    : undefined;
  const pool = new SessionPool(maxSessions, perTenant);
  const sessions = pool.sessions;
  let boundPort = port;

  const openSession = async (
    request: IncomingMessage,
    response: ServerResponse,
    owner: string | undefined,
  ) => {
    const body = await readBody(request);
    if (body.tooLarge) {
      jsonRpcError(
        response,
        413,
        `Payload Too Large: Request body must not exceed ${MAX_MCP_BODY_BYTES} bytes`,
      );
      return;
    }
    // Room is made (an idle session closed) only for an initialize, and at once, before anything else is awaited:
    // the caps hold at the peak of a burst, and a request that is not one cannot evict anyone (TM-ISO-002).
    const initialize = body.json !== undefined && [body.json].flat().some(isInitializeRequest);
    const refused = initialize ? pool.reserve(owner) : undefined;
    if (refused !== undefined) {
      jsonRpcError(response, 503, refused);
      return;
    }
    let reserved = initialize;
    const release = () => {
      if (reserved) pool.release(owner);
      reserved = false;
    };
    const server = createMcpServer(api, options);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => {
        reserved = false; // the session takes the slot reserved for it
        pool.track(pool.add(sessionId, { server, transport, owner }), request, response);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    try {
      await server.connect(transport);
      // A body that is not JSON is the SDK's to answer (it reads an empty one): 406, 415 or a parse error.
      await transport.handleRequest(request, response, body.json);
    } finally {
      release();
      // Anything but an initialize leaves the transport without a session: drop it.
      if (transport.sessionId === undefined) await server.close();
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== path) {
      jsonRpcError(response, 404, "Not found");
      return;
    }
    if (isLoopback(host) && !fromThisMachine(request, boundPort)) {
      jsonRpcError(response, 403, "Forbidden: Host or Origin is not this machine");
      return;
    }
    let authInfo: AuthInfo | undefined;
    if (authenticate) {
      authInfo = await Promise.resolve()
        .then(() => authenticate(request))
        .catch(() => undefined);
      // Anything but an AuthInfo object is a refusal: a JavaScript hook may well say no with null or false.
      if (typeof authInfo !== "object" || authInfo === null) {
        jsonRpcError(response, 401, "Unauthorized", { "www-authenticate": "Bearer" });
        return;
      }
      (request as IncomingMessage & { auth?: AuthInfo }).auth = authInfo;
    }
    const owner = ownerOf(authInfo);
    if (stateless) {
      await stateless.handle(request, response, owner);
      return;
    }
    const sessionId = request.headers["mcp-session-id"];
    if (sessionId === undefined) {
      if (request.method !== "POST") {
        jsonRpcError(response, 400, "Bad Request: no session; start one with an initialize POST");
        return;
      }
      await openSession(request, response, owner);
      return;
    }
    const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (!session || session.owner !== owner) {
      jsonRpcError(response, 404, "Session not found");
      return;
    }
    pool.track(session, request, response);
    await session.transport.handleRequest(request, response);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch(() => jsonRpcError(response, 500, "Internal server error"));
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      stateless?.close().catch(() => {});
      reject(error);
    };
    http.once("error", failed);
    http.listen(port, host, () => {
      http.off("error", failed);
      resolve();
    });
  });
  boundPort = (http.address() as AddressInfo).port;

  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - idleMs;
      for (const session of sessions.values()) {
        if (session.open === 0 && session.lastActive < cutoff) session.server.close().catch(() => {});
      }
    },
    Math.min(idleMs, 60_000),
  );
  sweep.unref();

  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${boundPort}${path}`,
    toolsChanged() {
      // Stateless: no standing stream to send on (each client sees the change at its next tools/list).
      for (const session of sessions.values()) session.server.sendToolListChanged().catch(() => {});
    },
    async close() {
      clearInterval(sweep);
      await stateless?.close();
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      await Promise.all([...sessions.values()].map((session) => session.server.close().catch(() => {})));
      sessions.clear();
      http.closeAllConnections();
      await closed;
    },
  };
}
