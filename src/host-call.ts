import { formatIssues, type Issue } from "./issues.js";
import { DEFAULT_TIMEOUT_MS } from "./limits.js";
import type { Registry } from "./registry.js";
import { closest } from "./suggest.js";

/** Options of a direct host call, `api.call(name, params, options)`. */
export interface CallOptions<Context = unknown> {
  signal?: AbortSignal;
  /** The call's budget (default 30 s); the tool's own timeoutMs applies if sooner. */
  timeoutMs?: number;
  context?: Context;
  tenant?: string;
}

/** Why a host call did not produce a value. */
export type CallErrorCode =
  | "not_found"
  | "invalid_params"
  | "denied"
  | "timeout"
  | "cancelled"
  | "handler_failed"
  | "invalid_output";

/** A failed host call, as a value: never thrown. */
export interface CallError {
  code: CallErrorCode;
  /** The same words a script would see on stderr (callback messages sanitized unless sanitizeErrors is off). */
  message: string;
  /** The params' problems, for invalid_params. */
  issues?: Issue[];
}

/** What `api.call()` returns: the callback's value, or a typed error. */
export type CallResult =
  | { ok: true; value: unknown; output: string; callId: string; outputIssues?: string[] }
  | { ok: false; error: CallError; callId: string };

let hostCalls = 0;

function failure(callId: string, code: CallErrorCode, message: string, issues?: Issue[]): CallResult {
  return { ok: false, callId, error: { code, message: message.trimEnd(), ...(issues ? { issues } : {}) } };
}

/** Which error a failed outcome is, from what the registry reported. */
function errorCode(
  exitCode: number,
  decision: string | undefined,
  outputIssues: string[] | undefined,
): CallErrorCode {
  if (decision === "deny") return "denied";
  if (exitCode === 124) return "timeout";
  if (exitCode === 130) return "cancelled";
  return outputIssues ? "invalid_output" : "handler_failed";
}

/**
 * A tool call from host code through the same path as a script's: lookup, strict validation (no coercion),
 * policy (surface "host"), the call's deadline, the callback, the output check.
 */
export async function callFromHost(
  registry: Registry,
  name: string,
  params: unknown,
  options: CallOptions,
  sanitizeErrors: boolean,
): Promise<CallResult> {
  const callId = `host_${++hostCalls}`;
  const tool = registry.get(name);
  if (!tool) {
    const suggestion = closest(
      name,
      registry.all().map((candidate) => candidate.spec.name),
    );
    return failure(
      callId,
      "not_found",
      `no tool named ${name}${suggestion ? ` (did you mean ${suggestion}?)` : ""}`,
    );
  }
  const issues = registry.validate(name, params) ?? [];
  if (issues.length > 0) return failure(callId, "invalid_params", formatIssues(name, issues), issues);
  const asked = options.timeoutMs;
  const timeoutMs = asked !== undefined && Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_TIMEOUT_MS;
  const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
  const { outcome, value } = await registry.dispatch(
    name,
    params as Record<string, unknown>,
    {
      callId,
      stdin: undefined,
      signal: AbortSignal.any(signals),
      runDeadline: Date.now() + timeoutMs,
      context: options.context,
      tenant: options.tenant,
      sanitizeErrors,
    },
    "host",
  );
  if (outcome.exitCode !== 0) {
    return failure(
      callId,
      errorCode(outcome.exitCode, outcome.decision, outcome.outputIssues),
      outcome.stderr,
    );
  }
  return {
    ok: true,
    value,
    output: outcome.stdout,
    callId,
    ...(outcome.outputIssues ? { outputIssues: outcome.outputIssues } : {}),
  };
}
