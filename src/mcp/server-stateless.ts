/**
 * Stateless streamable HTTP (`serveHttp(api, { stateless: true, store })`): any replica answers any request. Each
 * request gets a fresh SDK Server and transport; the session an initialize opens lives in the store (its tenant,
 * until `sessionIdleMs` without a request), so every replica can check it; a `notifications/cancelled` is published
 * through the store, and the replica running the request it names stops it (docs/decisions/0050).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  isInitializeRequest,
  isJSONRPCNotification,
  isJSONRPCRequest,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
import type { ScriptedTool } from "../scripted-tool.js";
import {
  boundedAnswer,
  DEFAULT_STORE_TIMEOUT_MS,
  releaseQuietly,
  type StateStore,
  withinTimeout,
} from "../store/store.js";
import { createMcpServer, type McpServerOptions } from "./server-core.js";
import { jsonRpcError, readBody } from "./server-http-io.js";

/** The answer to a request whose session the store could not read or write in time. */
const STORE_UNAVAILABLE = "Service Unavailable: the session store did not answer; retry later";
/** How long start-up waits for the store's subscription, at least. */
const SUBSCRIBE_WAIT_MS = 10_000;
/** The shortest wait between two renewals of a session while one of its requests runs. */
const MIN_RENEW_MS = 250;

/** The channel replicas hear each other's cancels on. */
const CANCEL_CHANNEL = "mcp:cancel";

/** A session's key in the store. */
function sessionKey(sessionId: string): string {
  return `mcp:session:${sessionId}`;
}

/** What a cancel says on the channel: whose request to stop. */
interface CancelMessage {
  session: string;
  owner: string | null;
  requestId: string | number;
  reason?: string;
}

/** A request this replica is running: its transport (which takes the cancel) and its session's tenant. */
interface Running {
  transport: StreamableHTTPServerTransport;
  owner: string | undefined;
}

/** Caps on the sessions a stateless server opens within each idle period, across replicas (unset: none). */
export interface SessionCaps {
  total?: number | undefined;
  perTenant?: number | undefined;
}

/** The stateless server's request handler, and what close() ends. */
export interface StatelessHandler {
  handle(request: IncomingMessage, response: ServerResponse, owner: string | undefined): Promise<void>;
  /** Requests running on this replica (close() aborts them). */
  close(): Promise<void>;
}

/** The key of a running request: its session and its JSON-RPC id (ids are the client's, unique per session). */
function runningKey(session: string, id: string | number): string {
  return JSON.stringify([session, id]);
}

/** Starts listening for cancels on the store, and answers requests without keeping a session in memory. */
export async function statelessHandler(
  api: ScriptedTool,
  options: McpServerOptions,
  store: StateStore,
  idleMs: number,
  caps: SessionCaps = {},
): Promise<StatelessHandler> {
  const timeoutMs = store.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const running = new Map<string, Running>();
  const servers = new Set<ReturnType<typeof createMcpServer>>();

  const onCancel = (text: string) => {
    let message: CancelMessage;
    try {
      message = JSON.parse(text) as CancelMessage;
    } catch {
      return;
    }
    if (typeof message?.session !== "string") return;
    if (typeof message.requestId !== "string" && typeof message.requestId !== "number") return;
    const target = running.get(runningKey(message.session, message.requestId));
    // TM-ISO-004: a cancel stops only a request of the same session and tenant.
    if (!target || (target.owner ?? null) !== message.owner) return;
    const notification: JSONRPCMessage = {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: {
        requestId: message.requestId,
        ...(typeof message.reason === "string" ? { reason: message.reason.slice(0, 1000) } : {}),
      },
    };
    target.transport.onmessage?.(notification);
  };
  let unsubscribe: () => unknown;
  try {
    // At start-up: long enough for a first connection's handshake (TLS, AUTH) to a remote store.
    const wait = Math.max(timeoutMs, SUBSCRIBE_WAIT_MS);
    unsubscribe = await withinTimeout(store.subscribe(CANCEL_CHANNEL, onCancel), wait, "subscribing");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`stateless serveHttp cannot hear cancels through its store: ${reason}`, { cause: error });
  }

  /**
   * TM-DOS-010: counts a session about to open against the caps set (per tenant, then in all), each a sliding
   * window of one idle period in the store, atomic across replicas; the refusal's words, or undefined.
   */
  const capped = async (owner: string | undefined): Promise<string | undefined> => {
    const ticket = randomUUID();
    const windows: [string, number, string][] = [];
    if (caps.perTenant !== undefined) {
      windows.push([JSON.stringify(["mcp:sessions", owner ?? null]), caps.perTenant, "for this tenant"]);
    }
    if (caps.total !== undefined) windows.push([JSON.stringify(["mcp:sessions"]), caps.total, "in all"]);
    const release = (key: string) => releaseQuietly(store, key, ticket);
    // An answer after the timeout may still have counted the session: it is uncounted.
    const ask = (key: string, calls: number, take: boolean) =>
      boundedAnswer(
        store.admit(key, { rateLimit: { calls, perMs: idleMs }, take, trialLeaseMs: 0, ticket }),
        timeoutMs,
        "counting the session",
        take ? () => release(key) : undefined,
      );
    const refusal = (admission: Awaited<ReturnType<StateStore["admit"]>>, calls: number, whose: string) => {
      const seconds = Math.ceil("retryAfterMs" in admission ? admission.retryAfterMs / 1000 : 1);
      return `Too many sessions opened ${whose} (at most ${calls} per ${Math.round(idleMs / 1000)} s); retry in ${seconds} s`;
    };
    // Every window is checked before any counts the session, so a refusal by one costs the others nothing (a
    // store that cannot uncount, as MemoryStore, would otherwise keep it); then each counts it.
    for (const [key, calls, whose] of windows) {
      const admission = await ask(key, calls, false);
      if ("refused" in admission) return refusal(admission, calls, whose);
    }
    const taken: string[] = [];
    try {
      for (const [key, calls, whose] of windows) {
        const admission = await ask(key, calls, true);
        if ("refused" in admission) {
          for (const earlier of taken) release(earlier);
          return refusal(admission, calls, whose);
        }
        taken.push(key);
      }
    } catch (error) {
      for (const earlier of taken) release(earlier);
      throw error;
    }
    return undefined;
  };

  /** What the store keeps for a session: its tenant (TM-ISO-004). */
  const ownedBy = (owner: string | undefined) => JSON.stringify({ owner: owner ?? null });
  /** Whether session `id` is in the store and `owner`'s; `renewMs`: kept that much longer in the same step. */
  const owns = async (id: string, owner: string | undefined, renewMs?: number) =>
    (await withinTimeout(store.get(sessionKey(id), renewMs), timeoutMs, "reading the session")) ===
    ownedBy(owner);

  /** The session a request names, checked in the store: its id, or the refusal already answered. */
  const session = async (
    request: IncomingMessage,
    response: ServerResponse,
    owner: string | undefined,
    initialize: boolean,
  ): Promise<string | undefined> => {
    if (initialize) {
      const refusal = await capped(owner);
      if (refusal !== undefined) {
        jsonRpcError(response, 503, refusal);
        return undefined;
      }
      const id = randomUUID();
      await withinTimeout(
        store.put(sessionKey(id), ownedBy(owner), idleMs),
        timeoutMs,
        "opening the session",
      );
      return id;
    }
    const header = request.headers["mcp-session-id"];
    if (typeof header !== "string" || header === "") {
      jsonRpcError(response, 400, "Bad Request: Mcp-Session-Id header is required");
      return undefined;
    }
    // Read and kept for another idle period in one step: a session ended (DELETE) meanwhile stays ended.
    if (!(await owns(header, owner, idleMs))) {
      jsonRpcError(response, 404, "Session not found");
      return undefined;
    }
    return header;
  };

  const post = async (request: IncomingMessage, response: ServerResponse, owner: string | undefined) => {
    const body = await readBody(request);
    if (body.tooLarge) {
      jsonRpcError(response, 413, "Payload Too Large");
      return;
    }
    const messages = body.json === undefined ? [] : [body.json].flat();
    let id: string | undefined;
    try {
      id = await session(request, response, owner, messages.some(isInitializeRequest));
    } catch {
      jsonRpcError(response, 503, STORE_UNAVAILABLE);
      return;
    }
    if (id === undefined) return;
    // An initialize's answer names the session it opened; every other answer repeats the session it served.
    response.setHeader("mcp-session-id", id);
    for (const message of messages) {
      if (!isJSONRPCNotification(message) || message.method !== "notifications/cancelled") continue;
      const params = message.params as { requestId?: unknown; reason?: unknown } | undefined;
      const cancel: CancelMessage = {
        session: id,
        owner: owner ?? null,
        requestId: params?.requestId as string | number,
        ...(typeof params?.reason === "string" ? { reason: params.reason } : {}),
      };
      Promise.resolve(store.publish(CANCEL_CHANNEL, JSON.stringify(cancel))).catch(() => {});
    }
    const server = createMcpServer(api, options);
    servers.add(server);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const keys = messages.filter(isJSONRPCRequest).map((message) => runningKey(id, message.id));
    for (const key of keys) running.set(key, { transport, owner });
    // A session does not expire while one of its requests runs (its cancel must still find it), nor right after.
    const renew = () => Promise.resolve(store.get(sessionKey(id), idleMs)).catch(() => {});
    const keepAlive = setInterval(renew, Math.max(MIN_RENEW_MS, idleMs / 2));
    keepAlive.unref();
    response.once("close", () => {
      clearInterval(keepAlive);
      renew();
      for (const key of keys) if (running.get(key)?.transport === transport) running.delete(key);
      servers.delete(server);
      server.close().catch(() => {});
    });
    await server.connect(transport);
    await transport.handleRequest(request as IncomingMessage & { auth?: AuthInfo }, response, body.json);
  };

  return {
    async handle(request, response, owner) {
      if (request.method === "POST") return post(request, response, owner);
      if (request.method === "DELETE") {
        const header = request.headers["mcp-session-id"];
        if (typeof header !== "string")
          return jsonRpcError(response, 400, "Bad Request: Mcp-Session-Id header is required");
        try {
          if (!(await owns(header, owner))) return jsonRpcError(response, 404, "Session not found");
          await withinTimeout(store.delete(sessionKey(header)), timeoutMs, "ending the session");
        } catch {
          return jsonRpcError(response, 503, STORE_UNAVAILABLE);
        }
        response.writeHead(200).end();
        return;
      }
      // No standing GET stream: a stateless replica holds nothing to send on one later (MCP allows 405 here).
      jsonRpcError(response, 405, "Method Not Allowed: this stateless server has no GET stream", {
        allow: "POST, DELETE",
      });
    },
    async close() {
      await Promise.resolve(unsubscribe()).catch(() => {});
      await Promise.all([...servers].map((server) => server.close().catch(() => {})));
      servers.clear();
      running.clear();
    },
  };
}
