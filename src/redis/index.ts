/**
 * `toolshell/redis`: RedisStore, a state store shared by every process that uses the same Redis (and prefix), so
 * rate limits and circuit breakers hold across replicas and a stateless MCP server's sessions and cancels reach
 * every replica. Needs the `redis` package (an optional peer dependency).
 */
import { randomUUID } from "node:crypto";
import { createClient, type RedisClientType } from "redis";
import { ToolshellError } from "../errors.js";
import type { BreakerVerdict } from "../store/circuit.js";
import {
  type Admission,
  type AdmitRequest,
  type BreakerSettings,
  type RateLimitSettings,
  type StateStore,
  withinTimeout,
} from "../store/store.js";
import { ADMIT, RELEASE, type Script, SETTLE, TAKE } from "./scripts.js";

/** Options of a RedisStore. */
export interface RedisStoreOptions {
  /** The server, as `redis://[user:password@]host:port[/db]` or `rediss://` for TLS (default `redis://127.0.0.1:6379`). */
  url?: string;
  /**
   * What every key and channel of this store starts with (default `"toolshell"`), so several apps can share one
   * Redis: processes share state only when their prefixes match. Letters, digits, `_`, `-`, `.` and `:`.
   */
  prefix?: string;
  /**
   * How long one operation may take, in ms (default 250): past it, or at once while Redis is unreachable, the
   * operation fails and each tool's `onStoreError` decides its call; Redis is reconnected to in the background.
   */
  timeoutMs?: number;
}

/** Commands one store may have waiting for Redis's answer; past it operations fail at once (a stalled Redis). */
const MAX_PENDING = 1000;

/** The reconnect wait after `retries` failed tries: doubling from 50 ms, at most 2 s. */
function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** retries, 2000);
}

type Client = RedisClientType;

/**
 * A StateStore in Redis: every rate-limit and breaker decision is one Lua script (atomic across processes, on
 * Redis's own clock), every key expires, and every operation fails within `timeoutMs` rather than waiting for a
 * Redis that is down. `close()` ends its connections (until then they keep the process alive).
 * @example
 * import { RedisStore } from "toolshell/redis";
 * const store = new RedisStore({ url: "redis://127.0.0.1:6379", prefix: "myapp" });
 * const api = new ScriptedTool({ name: "api", tools, store });
 * // ... later: await api.close(); await store.close();
 */
export class RedisStore implements StateStore {
  readonly timeoutMs: number;
  /** How long a subscribe waits for its connection (longer than an operation: it runs at start-up). */
  private readonly connectWaitMs: number;
  private readonly prefix: string;
  private readonly client: Client;
  private subscriber: Client | undefined;
  private subscriberReady: Promise<unknown> | undefined;
  private readonly firstConnection: Promise<unknown>;
  private connectedOnce = false;
  private lastError: string | undefined;
  private closed = false;
  /** Makes window members and trial tokens unique across processes: this store's id, then a ticket or a count. */
  private readonly id = randomUUID();
  private calls = 0;
  /** Commands sent and not answered yet: past MAX_PENDING a stalled Redis gets no more until it answers. */
  private pending = 0;

  constructor(options: RedisStoreOptions = {}) {
    const { url = "redis://127.0.0.1:6379", prefix = "toolshell", timeoutMs = 250 } = options;
    if (typeof prefix !== "string" || !/^[A-Za-z0-9_.:-]{1,64}$/.test(prefix)) {
      throw new ToolshellError("invalid_option", "prefix must be 1-64 letters, digits, '_', '-', '.' or ':'");
    }
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > 60_000) {
      throw new ToolshellError("invalid_option", "timeoutMs must be a number of ms from 1 to 60000");
    }
    this.prefix = prefix;
    this.timeoutMs = timeoutMs;
    this.connectWaitMs = Math.max(timeoutMs, 5000);
    try {
      this.client = createClient({
        url,
        // TM-DOS-009: while Redis is down a command fails at once (the caller's onStoreError decides), not queued.
        disableOfflineQueue: true,
        socket: { connectTimeout: Math.max(timeoutMs, 1000), reconnectStrategy: reconnectDelay },
      }) as Client;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ToolshellError("invalid_option", `url: ${reason}`, { cause: error });
    }
    this.watch(this.client);
    this.firstConnection = this.client.connect().then(
      () => {
        this.connectedOnce = true;
      },
      (error: unknown) => {
        this.lastError = error instanceof Error ? error.message : String(error);
      },
    );
  }

  async admit(key: string, request: AdmitRequest): Promise<Admission> {
    const { rateLimit, breaker } = request;
    const member = this.member(request.ticket);
    const token = `${this.id}:${++this.calls}`;
    const reply = (await this.script(ADMIT, this.keys(key), [
      rateLimit ? "1" : "0",
      String(rateLimit?.calls ?? 0),
      String(rateLimit?.perMs ?? 0),
      request.take ? "1" : "0",
      member,
      breaker ? "1" : "0",
      String(breaker?.cooldownMs ?? 0),
      token,
      String(Math.ceil(request.trialLeaseMs)),
    ])) as [string, string | number];
    const [answer, detail] = reply;
    if (answer === "rate_limited") return { refused: "rate_limited", retryAfterMs: Number(detail) };
    if (answer === "circuit_open") return { refused: "circuit_open", failures: Number(detail) };
    return detail === "" ? { admitted: "run" } : { admitted: "trial", token: String(detail) };
  }

  async take(key: string, rateLimit: RateLimitSettings, ticket: string): Promise<boolean> {
    const [rate] = this.keys(key);
    const reply = await this.script(
      TAKE,
      [rate],
      [String(rateLimit.calls), String(rateLimit.perMs), this.member(ticket)],
    );
    return Number(reply) === 1;
  }

  async release(key: string, ticket: string, token?: string): Promise<void> {
    const [rate, breaker] = this.keys(key);
    await this.script(RELEASE, [rate, breaker], [this.member(ticket), token ?? ""]);
  }

  async settle(
    key: string,
    settings: BreakerSettings,
    verdict: BreakerVerdict,
    token?: string,
  ): Promise<void> {
    const [, breaker, failures] = this.keys(key);
    await this.script(
      SETTLE,
      [breaker, failures],
      [
        verdict,
        token ?? "",
        String(settings.failures),
        String(settings.windowMs),
        String(settings.cooldownMs),
        `${this.id}:${++this.calls}`,
      ],
    );
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    const client = await this.connected();
    await client.set(this.valueKey(key), value, {
      expiration: { type: "PX", value: Math.max(1, Math.ceil(ttlMs)) },
    });
  }

  async get(key: string, renewMs?: number): Promise<string | undefined> {
    const client = await this.connected();
    const name = this.valueKey(key);
    const value =
      renewMs === undefined
        ? await client.get(name)
        : await client.getEx(name, { type: "PX", value: Math.max(1, Math.ceil(renewMs)) });
    return value ?? undefined;
  }

  async delete(key: string): Promise<void> {
    const client = await this.connected();
    await client.del(this.valueKey(key));
  }

  async publish(channel: string, message: string): Promise<void> {
    const client = await this.connected();
    await client.publish(this.channel(channel), message);
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    const subscriber = await this.subscriberClient();
    const name = this.channel(channel);
    const own = (message: string) => {
      try {
        listener(message);
      } catch {
        // A listener's fault is its own.
      }
    };
    await withinTimeout(subscriber.subscribe(name, own), this.connectWaitMs, `subscribing to ${name}`);
    return async () => {
      if (subscriber.isReady) await subscriber.unsubscribe(name, own).catch(() => {});
    };
  }

  /**
   * Resolves once connected to Redis (at once when it is), or rejects after `timeoutMs` (default 5 s) saying why:
   * await it at start-up so the first calls do not spend their timeout waiting for the first connection.
   */
  async ready(timeoutMs = 5000): Promise<void> {
    if (this.closed) throw new Error("the Redis store is closed");
    if (this.client.isReady) return;
    // The first connection, or a reconnection once it was lost: the client says "ready" either way.
    let onReady: (() => void) | undefined;
    const connected = new Promise<void>((resolve) => {
      onReady = resolve;
      this.client.once("ready", resolve);
    });
    try {
      await withinTimeout(connected, timeoutMs, "connecting to Redis");
    } catch (error) {
      throw new Error(`Redis is unreachable (${this.lastError ?? "connecting"})`, { cause: error });
    } finally {
      if (onReady) this.client.off("ready", onReady);
    }
  }

  /** Ends the connections; later operations fail (and each tool's onStoreError decides). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([this.client, this.subscriber].map((client) => client && end(client)));
  }

  /** A call's member in a rate window: unique across processes (this store's id) and named by its ticket. */
  private member(ticket: string): string {
    return `${this.id}:${ticket}`;
  }

  /** The tool's three keys; the braces make them one hash slot, so a script may use them all on a cluster. */
  private keys(key: string): [string, string, string] {
    const base = `${this.prefix}:{${key}}`;
    return [`${base}:rate`, `${base}:breaker`, `${base}:failures`];
  }

  private valueKey(key: string): string {
    return `${this.prefix}:value:${key}`;
  }

  private channel(channel: string): string {
    return `${this.prefix}:channel:${channel}`;
  }

  /** Keeps a client's errors from crashing the process (node's EventEmitter throws an unheard "error"). */
  private watch(client: Client): void {
    client.on("error", (error: unknown) => {
      this.lastError = error instanceof Error ? error.message : String(error);
    });
  }

  /**
   * The client once connected: waits for the first connection (up to timeoutMs); afterwards fails at once while
   * Redis is unreachable (it is reconnected to in the background).
   */
  private async connected(): Promise<Client> {
    if (this.closed) throw new Error("the Redis store is closed");
    if (this.client.isReady) return this.client;
    if (this.connectedOnce) throw new Error(`Redis is unreachable (${this.lastError ?? "reconnecting"})`);
    await withinTimeout(this.firstConnection, this.timeoutMs, "connecting to Redis");
    if (!this.client.isReady) throw new Error(`Redis is unreachable (${this.lastError ?? "connecting"})`);
    return this.client;
  }

  /** Runs a script by its SHA-1, loading it once when this Redis does not have it yet. */
  private async script(script: Script, keys: string[], args: string[]): Promise<unknown> {
    const client = await this.connected();
    if (this.pending >= MAX_PENDING) {
      throw new Error(`Redis is not answering (${this.pending} commands waiting for it)`);
    }
    this.pending++;
    try {
      return await client.evalSha(script.sha, { keys, arguments: args });
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return await client.eval(script.text, { keys, arguments: args });
    } finally {
      this.pending--;
    }
  }

  /** The connection that listens for messages (one for every subscription), made on the first subscribe. */
  private async subscriberClient(): Promise<Client> {
    if (this.closed) throw new Error("the Redis store is closed");
    if (!this.subscriber) {
      const subscriber = this.client.duplicate() as Client;
      this.watch(subscriber);
      this.subscriber = subscriber;
      this.subscriberReady = subscriber.connect().catch(() => {});
    }
    if (!this.subscriber.isReady) {
      // Subscribing happens at start-up (a stateless serveHttp): it may wait for a first connection's handshake.
      await withinTimeout(
        this.subscriberReady as Promise<unknown>,
        this.connectWaitMs,
        "connecting to Redis",
      );
    }
    if (!this.subscriber.isReady) throw new Error(`Redis is unreachable (${this.lastError ?? "connecting"})`);
    return this.subscriber;
  }
}

/** Closes a client however far it got: gracefully when connected, at once otherwise. */
async function end(client: Client): Promise<void> {
  try {
    if (client.isReady) await client.close();
    else client.destroy();
  } catch {
    // already closed
  }
}
