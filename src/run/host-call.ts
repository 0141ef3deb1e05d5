import type { Issue } from "../issues/issue.js";
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "../limits.js";
import type { Registry } from "../registry/registry.js";
import { printedText } from "../registry/render.js";
import type { Dispatched, RunCallContext } from "../registry/request.js";
import type { CallErrorCode } from "../tool/call.js";
import type { ThrownError } from "../trace/trace.js";
import { guardedDispatch } from "./guarded-dispatch.js";

/** Options of a direct host call, `api.call(name, params, options)`. */
export interface CallOptions<Context = unknown> {
  signal?: AbortSignal;
  /** The call's budget (default 30 s, at most 10 min); the tool's own timeoutMs applies if sooner. */
  timeoutMs?: number;
  context?: Context;
  tenant?: string;
}

/** A failed host call, as a value: never thrown. */
export interface CallError {
  /**
   * Which stage stopped the call: `not_found`, `invalid_params`, `payload_too_large` (params over 1 MiB of
   * JSON), `denied`, `rate_limited`, `circuit_open`, `timeout`, `cancelled`, `handler_failed`, `invalid_output`.
   */
  code: CallErrorCode;
  /** The same words a script would see on stderr (callback messages sanitized unless sanitizeErrors is off). */
  message: string;
  /** The params' problems, for invalid_params. */
  issues?: Issue[];
  /**
   * For handler_failed: what the callback threw (name, message, stack), which `message` leaves out while
   * sanitizeErrors is on. For the host only: a script, the model and an MCP client never see it.
   */
  cause?: ThrownError;
}

/** What `api.call()` returns: the callback's value, or a typed error. */
export type CallResult =
  | {
      ok: true;
      value: unknown;
      output: string;
      callId: string;
      outputIssues?: string[];
      /** Prompt-injection phrasing found in the output of a `trust: "untrusted"` tool. */
      injectionFlags?: string[];
      /** The tool is deprecated: what its notice says, e.g. `deprecated, use search_users`. */
      deprecated?: string;
    }
  | { ok: false; error: CallError; callId: string };

let hostCalls = 0;

/**
 * A tool call from host code through the registry's one path (surface "host"): lookup, params size, strict
 * validation (no coercion), rate limit, breaker, policy, the call's deadline, the callback, the output check.
 */
export async function callFromHost(
  registry: Registry,
  name: string,
  params: unknown,
  options: CallOptions | undefined,
  sanitizeErrors: boolean,
): Promise<CallResult> {
  const callId = `host_${++hostCalls}`;
  if (typeof name !== "string") {
    return { ok: false, callId, error: { code: "not_found", message: "the tool name must be a string" } };
  }
  const asked = options?.timeoutMs;
  const timeoutMs = Math.min(
    typeof asked === "number" && Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_TIMEOUT_MS,
    MAX_TIMEOUT_MS,
  );
  const caller = options?.signal;
  if (caller !== undefined && !(caller instanceof AbortSignal)) {
    const message = "options.signal must be an AbortSignal";
    return { ok: false, callId, error: { code: "invalid_params", message } };
  }
  // The call's own deadline timer (not AbortSignal.timeout, whose unref'd timer lets a process whose only work is
  // this call exit mid-await) and the caller's signal, both released when the call ends: a long-lived caller
  // signal gains nothing per call.
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener("abort", onCallerAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException("timed out", "TimeoutError")), timeoutMs);
  // A host call is a run of one call: its context is built once, as a run's is.
  const run: RunCallContext = {
    signal: controller.signal,
    runDeadline: Date.now() + timeoutMs,
    context: options?.context,
    tenant: options?.tenant,
    sanitizeErrors,
  };
  let dispatched: Dispatched;
  try {
    dispatched = await guardedDispatch(
      registry,
      name,
      params as Record<string, unknown>,
      { callId, stdin: undefined },
      run,
      "host",
    );
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener("abort", onCallerAbort);
  }
  const { outcome, value, issues, record } = dispatched;
  if (record.outcome !== "ok") {
    const message = outcome.stderr.trimEnd();
    const error: CallError = {
      code: record.outcome,
      message,
      ...(issues ? { issues } : {}),
      ...(record.error ? { cause: record.error } : {}),
    };
    return { ok: false, callId, error };
  }
  return {
    ok: true,
    value,
    // Bytes a callback returned (its value) read as the shell prints them: as UTF-8 where they are.
    output: printedText(outcome),
    callId,
    ...(outcome.outputIssues ? { outputIssues: outcome.outputIssues } : {}),
    ...(record.injectionFlags ? { injectionFlags: record.injectionFlags } : {}),
    ...(record.deprecated !== undefined ? { deprecated: record.deprecated } : {}),
  };
}
