/**
 * How a tool copes with failure, as its definition asks: retries, a circuit breaker, a rate limit. Checked and
 * filled with defaults once, at registration; the registry applies them (registry/admission.ts, the store's
 * state in src/store, registry/attempt.ts).
 */
import { ToolshellError } from "../errors.js";
import type { ToolRisk } from "./risk.js";

/**
 * When a tool stops answering calls for a while: after `failures` failed calls within `windowMs` the circuit
 * opens and calls are answered `<tool>: temporarily unavailable (N recent failures)` (exit 75) without running
 * the callback; once `cooldownMs` has passed, one trial call runs (half-open): success closes the circuit, a
 * failure opens it again for another cooldown.
 * @example
 * { name: "search", breaker: { failures: 5, windowMs: 60_000, cooldownMs: 30_000 }, execute }
 */
export interface BreakerOptions {
  /** Failed calls within the window that open the circuit (default 5). */
  failures?: number;
  /** How far back failures count, in ms (default 60 s). */
  windowMs?: number;
  /** How long the circuit stays open before a trial call, in ms (default 30 s). */
  cooldownMs?: number;
  /**
   * When the ScriptedTool's `store` (a shared one, such as RedisStore) fails or passes its timeout while a call is
   * decided: `"local"` (default) lets this process's own breaker of the tool decide, which has seen this
   * process's calls; `"allow"` runs the call; `"deny"` refuses it as if the circuit were open. The call's record
   * says which (`store`).
   */
  onStoreError?: "local" | "allow" | "deny";
}

/**
 * At most `calls` calls of a tool per `perMs` (a sliding window, shared by every run and host call of one
 * ScriptedTool, and by every process sharing its `store`); past it a call answers `<tool>: rate limited (...)`
 * with exit 75 without running.
 */
export interface RateLimitOptions {
  calls: number;
  perMs: number;
  /**
   * When the ScriptedTool's `store` (a shared one, such as RedisStore) fails or passes its timeout while a call is
   * decided: `"deny"` (default) refuses the call (`<tool>: rate limit unavailable: ...`, exit 75), since a limit
   * that protects an upstream should not be lifted by an outage; `"allow"` runs it uncounted. The call's record
   * says which (`store`).
   */
  onStoreError?: "allow" | "deny";
}

function storeChoice<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
  tool: string,
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) {
    throw new ToolshellError(
      "invalid_tool",
      `${tool}: ${field} must be ${allowed.map((choice) => `"${choice}"`).join(", ")}`,
    );
  }
  return value as T;
}

function whole(value: unknown, field: string, tool: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new ToolshellError("invalid_tool", `${tool}: ${field} must be a whole number of at least 1`);
  }
  return value;
}

/** Checks breaker options at registration, filling the defaults. */
export function breakerSettings(options: BreakerOptions, tool: string): Required<BreakerOptions> {
  if (typeof options !== "object" || options === null) {
    throw new ToolshellError("invalid_tool", `${tool}: breaker must be an object or false`);
  }
  return {
    failures: whole(options.failures, "breaker.failures", tool, 5),
    windowMs: whole(options.windowMs, "breaker.windowMs", tool, 60_000),
    cooldownMs: whole(options.cooldownMs, "breaker.cooldownMs", tool, 30_000),
    onStoreError: storeChoice(
      options.onStoreError,
      ["local", "allow", "deny"],
      "breaker.onStoreError",
      tool,
      "local",
    ),
  };
}

/** Checks rate limit options at registration. */
export function rateLimitSettings(options: RateLimitOptions, tool: string): Required<RateLimitOptions> {
  if (typeof options !== "object" || options === null) {
    throw new ToolshellError("invalid_tool", `${tool}: rateLimit must be { calls, perMs }`);
  }
  const calls = whole(options.calls, "rateLimit.calls", tool, 0);
  if (calls > 100_000)
    throw new ToolshellError("invalid_tool", `${tool}: rateLimit.calls must be at most 100000`);
  return {
    calls,
    perMs: whole(options.perMs, "rateLimit.perMs", tool, 0),
    onStoreError: storeChoice(
      options.onStoreError,
      ["allow", "deny"],
      "rateLimit.onStoreError",
      tool,
      "deny",
    ),
  };
}

/** The `retry` option of a tool. */
export interface RetryOptions {
  /** Attempts in all, the first included (2-10). */
  attempts: number;
  /** Wait before the second attempt in ms, doubled before each next one (default 100). */
  backoffMs?: number;
}

/** Checks a retry option: only an idempotent tool may be called twice for one call. */
export function retrySettings(retry: RetryOptions, risk: ToolRisk, name: string): Required<RetryOptions> {
  if (!risk.idempotent) {
    throw new ToolshellError(
      "invalid_tool",
      `${name}: retry needs an idempotent tool (risk: { idempotent: true } or annotations.idempotentHint); a retried call may run twice`,
    );
  }
  const attempts = retry?.attempts;
  if (typeof attempts !== "number" || !Number.isSafeInteger(attempts) || attempts < 2 || attempts > 10) {
    throw new ToolshellError("invalid_tool", `${name}: retry.attempts must be a whole number from 2 to 10`);
  }
  const backoffMs = retry.backoffMs ?? 100;
  if (!Number.isFinite(backoffMs) || backoffMs < 0 || backoffMs > 60_000) {
    throw new ToolshellError(
      "invalid_tool",
      `${name}: retry.backoffMs must be a number of ms from 0 to 60000`,
    );
  }
  return { attempts, backoffMs };
}
