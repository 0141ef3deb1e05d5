/**
 * The state store: what the call pipeline counts across calls (rate-limit windows, circuit breakers) and what a
 * stateless MCP server shares across replicas (sessions, cancels). MemoryStore, the default, keeps it in this
 * process; RedisStore (`toolshell/redis`) shares it between processes. Every decision is one operation of the
 * store, so a shared store decides atomically (docs/decisions/0050).
 */

import type { BreakerOptions, RateLimitOptions } from "../tool/resilience.js";
import { type BreakerVerdict, CircuitBreaker } from "./circuit.js";
import { RateLimiter } from "./window.js";

/** A value, or a promise of one: MemoryStore answers at once, a shared store over the network later. */
export type Awaitable<T> = T | Promise<T>;

/** A breaker's settings as the store gets them: every field filled. */
export type BreakerSettings = Required<Omit<BreakerOptions, "onStoreError">>;

/** A rate limit's settings as the store gets them. */
export type RateLimitSettings = Omit<RateLimitOptions, "onStoreError">;

/** What one admission asks the store: the tool's rate limit and breaker, checked in that order. */
export interface AdmitRequest {
  rateLimit?: RateLimitSettings;
  breaker?: BreakerSettings;
  /**
   * Count the call against the rate limit when it is admitted (false when a policy decides first: the call is
   * then counted by `take` once allowed).
   */
  take: boolean;
  /** How long a half-open trial admitted now may run before another may start (the call's deadline), in ms. */
  trialLeaseMs: number;
  /**
   * A name for this call, unique among this process's calls (the registry counts them; a call's own id may repeat
   * across runs): what `take` and `release` name the call by.
   */
  ticket: string;
}

/** The store's answer to an admission. */
export type Admission =
  | { admitted: "run" }
  /** The one trial call of a half-open circuit: report how it ended with `settle(..., token)`. */
  | { admitted: "trial"; token: string }
  | { refused: "rate_limited"; retryAfterMs: number }
  | { refused: "circuit_open"; failures: number };

/**
 * Where the pipeline keeps what it counts across calls, and a stateless MCP server what it shares across
 * replicas. Keys are made by the caller (the ScriptedTool's name and the tool's); a shared store adds its own
 * prefix. Implement it to keep that state elsewhere than in this process; `timeoutMs` bounds every operation
 * (an operation past it counts as the store failing, and the tool's `onStoreError` choice applies).
 */
export interface StateStore {
  /** How long one operation may take before it counts as failed, in ms (default 1000 when unset). */
  readonly timeoutMs?: number;
  /**
   * Whether a call may run now: the rate limit (a sliding window of `calls` per `perMs`), then the breaker (closed,
   * open, or half-open with one trial at a time), in one atomic step; with `take`, an admitted call is counted.
   */
  admit(key: string, request: AdmitRequest): Awaitable<Admission>;
  /** Counts one call against the rate limit if it still fits now (after a policy allowed it); false if not. */
  take(key: string, rateLimit: RateLimitSettings, ticket: string): Awaitable<boolean>;
  /**
   * Undoes an `admit` or `take` whose answer came after its timeout (the call was decided without it): uncounts
   * the call and frees the trial `token` names. A store that answers synchronously is never late and may only free
   * the trial.
   */
  release(key: string, ticket: string, token?: string): Awaitable<void>;
  /** How an admitted call ended, for the breaker; `token` is the trial's when the call was one. */
  settle(key: string, breaker: BreakerSettings, verdict: BreakerVerdict, token?: string): Awaitable<void>;
  /** Keeps a value for `ttlMs`. */
  put(key: string, value: string, ttlMs: number): Awaitable<void>;
  /**
   * A value kept by `put` and not yet expired or deleted; with `renewMs`, its expiry is renewed in the same step
   * (a value deleted meanwhile stays deleted).
   */
  get(key: string, renewMs?: number): Awaitable<string | undefined>;
  delete(key: string): Awaitable<void>;
  /** Sends a message to every subscriber of `channel` in every process sharing the store, this one included. */
  publish(channel: string, message: string): Awaitable<void>;
  /** Receives the channel's messages until the returned function is called. */
  subscribe(channel: string, listener: (message: string) => void): Awaitable<() => Awaitable<void>>;
  /** Ends the store's connections (a no-op for MemoryStore). */
  close(): Promise<void>;
}

/** The default timeout of one store operation, when the store sets none. */
export const DEFAULT_STORE_TIMEOUT_MS = 1000;

/**
 * Settles with the store operation's result, or rejects once `timeoutMs` passes; a value that is not a promise is
 * returned as is (MemoryStore costs no timer). A late result is dropped.
 */
export function withinTimeout<T>(value: Awaitable<T>, timeoutMs: number, what: string): Awaitable<T> {
  if (!(value instanceof Promise)) return value;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${timeoutMs} ms`)), timeoutMs);
    timer.unref?.();
  });
  return Promise.race([value, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `operation` bounded by `timeoutMs` (TM-DOS-009), as withinTimeout; an answer that comes after the timeout is
 * handed to `late`, so what the store did for a caller that already went on without it can be undone.
 */
export async function boundedAnswer<T>(
  operation: Awaitable<T>,
  timeoutMs: number,
  what: string,
  late?: (value: T) => void,
): Promise<T> {
  try {
    return await withinTimeout(operation, timeoutMs, what);
  } catch (error) {
    if (late && operation instanceof Promise) operation.then(late, () => {});
    throw error;
  }
}

/** Asks `store` to release `ticket`'s count under `key` (and its trial); never throws or rejects. */
export function releaseQuietly(store: StateStore, key: string, ticket: string, token?: string): void {
  try {
    Promise.resolve(store.release(key, ticket, token)).catch(() => {});
  } catch {
    // a store that throws at once has nothing to undo either
  }
}

/** A breaker of MemoryStore: the circuit, and its trial's token while one runs. */
interface MemoryBreaker {
  circuit: CircuitBreaker;
  trial: string | undefined;
  settings: BreakerSettings;
}

/** MemoryStore sweeps expired values once it holds this many (then when the map has doubled since). */
const SWEEP_AT = 10_000;
/** The most values MemoryStore keeps: past it, the least recently written go first. */
const MAX_VALUES = 100_000;

/** A value kept by MemoryStore.put. */
interface Kept {
  value: string;
  expires: number;
}

/**
 * The default store: this process's memory. Decisions are synchronous (a call pays no await for them); expired
 * values are dropped when read or when the store holds many.
 */
export class MemoryStore implements StateStore {
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly breakers = new Map<string, MemoryBreaker>();
  private readonly values = new Map<string, Kept>();
  private readonly channels = new Map<string, Set<(message: string) => void>>();
  private trials = 0;
  private sweepAt = SWEEP_AT;

  constructor(private readonly now: () => number = Date.now) {}

  admit(key: string, request: AdmitRequest): Admission {
    const limiter = request.rateLimit ? this.limiter(key, request.rateLimit) : undefined;
    if (limiter && !limiter.allows())
      return { refused: "rate_limited", retryAfterMs: limiter.retryAfterMs() };
    let admission: Admission = { admitted: "run" };
    if (request.breaker) {
      const breaker = this.breaker(key, request.breaker);
      const admitted = breaker.circuit.admit();
      if (typeof admitted === "number") return { refused: "circuit_open", failures: admitted };
      if (admitted === "trial") {
        breaker.trial = `trial-${++this.trials}`;
        admission = { admitted: "trial", token: breaker.trial };
      }
    }
    if (limiter && request.take) limiter.take();
    return admission;
  }

  take(key: string, rateLimit: RateLimitSettings, _ticket: string): boolean {
    const limiter = this.limiter(key, rateLimit);
    if (!limiter.allows()) return false;
    limiter.take();
    return true;
  }

  settle(key: string, settings: BreakerSettings, verdict: BreakerVerdict, token?: string): void {
    const breaker = this.breaker(key, settings);
    const trial = token !== undefined && token === breaker.trial;
    if (trial) breaker.trial = undefined;
    breaker.circuit.settle(verdict, trial);
  }

  release(key: string, _ticket: string, token?: string): void {
    const breaker = this.breakers.get(key);
    if (token === undefined || breaker?.trial !== token) return;
    breaker.trial = undefined;
    breaker.circuit.settle("neutral", true);
  }

  put(key: string, value: string, ttlMs: number): void {
    // Expired values are swept when the map doubles, so a put costs O(1) amortised; past MAX_VALUES the oldest go.
    if (this.values.size >= this.sweepAt) {
      this.sweep();
      this.sweepAt = Math.max(SWEEP_AT, this.values.size * 2);
    }
    this.values.delete(key);
    this.values.set(key, { value, expires: this.now() + ttlMs });
    for (const oldest of this.values.keys()) {
      if (this.values.size <= MAX_VALUES) break;
      this.values.delete(oldest);
    }
  }

  get(key: string, renewMs?: number): string | undefined {
    const kept = this.values.get(key);
    if (kept === undefined) return undefined;
    if (kept.expires > this.now()) {
      if (renewMs !== undefined) kept.expires = this.now() + renewMs;
      return kept.value;
    }
    this.values.delete(key);
    return undefined;
  }

  delete(key: string): void {
    this.values.delete(key);
  }

  publish(channel: string, message: string): void {
    for (const listener of [...(this.channels.get(channel) ?? [])]) {
      try {
        listener(message);
      } catch {
        // A listener's fault is its own; the others still hear the message.
      }
    }
  }

  subscribe(channel: string, listener: (message: string) => void): () => void {
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
    }
    const own = (message: string) => listener(message);
    listeners.add(own);
    return () => {
      listeners.delete(own);
    };
  }

  async close(): Promise<void> {}

  /**
   * Drops a key's rate window and breaker (the registry calls it when a tool of a ScriptedTool with its own
   * MemoryStore is removed, so a tool registered again starts afresh, and churn of tool names keeps nothing).
   */
  forget(key: string): void {
    this.limiters.delete(key);
    this.breakers.delete(key);
  }

  private limiter(key: string, settings: RateLimitSettings): RateLimiter {
    let limiter = this.limiters.get(key);
    if (!limiter?.sameAs(settings)) {
      limiter = new RateLimiter(settings, this.now);
      this.limiters.set(key, limiter);
    }
    return limiter;
  }

  private breaker(key: string, settings: BreakerSettings): MemoryBreaker {
    let breaker = this.breakers.get(key);
    const { failures, windowMs, cooldownMs } = settings;
    const same =
      breaker?.settings.failures === failures &&
      breaker.settings.windowMs === windowMs &&
      breaker.settings.cooldownMs === cooldownMs;
    if (!breaker || !same) {
      breaker = {
        circuit: new CircuitBreaker({ failures, windowMs, cooldownMs }, this.now),
        trial: undefined,
        settings: { failures, windowMs, cooldownMs },
      };
      this.breakers.set(key, breaker);
    }
    return breaker;
  }

  /** Drops the expired values. */
  private sweep(): void {
    const now = this.now();
    for (const [key, kept] of this.values) if (kept.expires <= now) this.values.delete(key);
  }
}
