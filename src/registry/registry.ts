import { Buffer } from "node:buffer";
import { ToolshellError } from "../errors.js";
import { formatIssues, type Issue } from "../issues/issue.js";
import { closest } from "../issues/suggest.js";
import { MAX_JSON_DEPTH, MAX_PARAMS_BYTES } from "../limits.js";
import { jsonTextDeeperThan } from "../schema/json-depth.js";
import { compileValidator, type Validator } from "../schema/validate.js";
import { scanForInjection } from "../text/untrusted.js";
import type { CallOutcome } from "../tool/call.js";
import type { BreakerOptions } from "../tool/resilience.js";
import type { RegisteredTool } from "../tool/tool.js";
import { type CallRecord, elapsedMs } from "../trace/trace.js";
import type { RejectedCall } from "../worker/protocol.js";
import { type Attempt, type AttemptSettings, endAttempt, startAttempt, withRetries } from "./attempt.js";
import { CircuitBreaker, TEMPORARY_FAILURE_EXIT } from "./breaker.js";
import { compileOutputCheck, type OutputCheck } from "./output-check.js";
import { ask, type Policy, type PolicyCall } from "./policy.js";
import { RateLimiter, rateLimited } from "./rate-limit.js";
import { emit, internalError, newRecord } from "./record.js";
import { failed } from "./render.js";
import type { CallRequestContext, Dispatched, OnCall } from "./request.js";
import { CallStats, type ToolStats } from "./stats.js";
import type { SpanLike, Telemetry } from "./telemetry.js";

export type { PlannedCall } from "./plan.js";
export { internalError } from "./record.js";
export type { CallRequestContext, Dispatched, OnCall } from "./request.js";

/** Options of a Registry. */
export interface RegistryOptions {
  /** Fail a call whose result does not match the tool's outputSchema (default: only report it in the trace). */
  strictOutput?: boolean;
  /** Decides whether each call may run, before its callback does. */
  policy?: Policy;
  /** The circuit breaker of every tool that does not set its own (default: none). */
  breaker?: Required<BreakerOptions>;
  /** Receives every call's record. */
  onCall?: OnCall;
}

/** A tool's inputSchema validator; a schema it cannot compile is refused naming the tool, as outputSchema's is. */
function compileInputValidator(name: string, schema: RegisteredTool["spec"]["inputSchema"]): Validator {
  try {
    return compileValidator(schema);
  } catch (error) {
    if (!(error instanceof ToolshellError)) throw error;
    throw new ToolshellError(error.code, `${name}: inputSchema: ${error.message}`, { cause: error.cause });
  }
}

/** A call a stage stopped before its callback ran. */
function refused(outcome: CallOutcome, issues?: Issue[]): { outcome: CallOutcome; issues?: Issue[] } {
  return issues ? { outcome, issues } : { outcome };
}

/** The params' JSON, or undefined when they are not JSON (a cycle, a BigInt, a function). */
function paramsJson(params: unknown): string | undefined {
  try {
    return JSON.stringify(params);
  } catch {
    return undefined;
  }
}

/**
 * The registered tools and the one path every call takes to reach a callback, whatever its surface (a script's
 * command, `api.call()`): lookup, params size, validation (host calls; the shell validates in its worker), plan
 * mode, rate limit, circuit breaker, policy, the callback under its deadline (with retries when the tool opts
 * in), then the record (trace, stats, onCall, span). The callback never throws out and never outlives the run.
 */
export class Registry {
  private readonly tools = new Map<string, RegisteredTool>();
  /** Output checks of the tools that declare an outputSchema, compiled at registration. */
  private readonly outputChecks = new Map<string, OutputCheck>();
  /** What running each tool's callback needs from the registry, made at registration. */
  private readonly attemptSettings = new Map<string, AttemptSettings>();
  /** Input validators, compiled once at registration; host calls use them (the shell validates in its worker). */
  private readonly validators = new Map<string, Validator>();
  private readonly breakers = new Map<string, CircuitBreaker>();
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly stats = new CallStats();
  private readonly strictOutput: boolean;
  private readonly policy: Policy | undefined;
  private readonly defaultBreaker: Required<BreakerOptions> | undefined;
  private readonly onCall: OnCall | undefined;
  /** Spans for calls, once OpenTelemetry is loaded (set by the ScriptedTool). */
  telemetry: Telemetry | undefined;

  constructor(options: RegistryOptions = {}) {
    this.strictOutput = options.strictOutput ?? false;
    this.policy = options.policy;
    this.defaultBreaker = options.breaker;
    this.onCall = options.onCall;
  }

  add(tool: RegisteredTool): void {
    const { name, inputSchema, outputSchema } = tool.spec;
    if (this.tools.has(name)) {
      throw new ToolshellError("duplicate_tool", `a tool named ${name} is already registered`);
    }
    this.validators.set(name, compileInputValidator(name, inputSchema));
    if (outputSchema !== undefined) this.outputChecks.set(name, compileOutputCheck(name, outputSchema));
    const check = this.outputChecks.get(name);
    this.attemptSettings.set(name, { check, strict: this.strictOutput, late: this.lateResult });
    const breaker = tool.breaker ?? this.defaultBreaker;
    if (breaker) this.breakers.set(name, new CircuitBreaker(breaker));
    if (tool.rateLimit) this.limiters.set(name, new RateLimiter(tool.rateLimit));
    this.tools.set(name, tool);
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  all(): RegisteredTool[] {
    return [...this.tools.values()];
  }

  /** Unregisters a tool; true when it was registered. Runs already started keep the catalog they began with. */
  remove(name: string): boolean {
    this.validators.delete(name);
    this.outputChecks.delete(name);
    this.attemptSettings.delete(name);
    this.breakers.delete(name);
    this.limiters.delete(name);
    this.stats.forget(name);
    return this.tools.delete(name);
  }

  /** Checks params against a tool's input schema, strictly (no coercion); undefined when the tool is unknown. */
  validate(name: string, params: unknown): Issue[] | undefined {
    return this.validators.get(name)?.(params);
  }

  /** Per-tool figures over each tool's recent calls (see ToolStats). */
  statistics(): Record<string, ToolStats> {
    return this.stats.snapshot();
  }

  /** A script's call (params already parsed and validated by the shell): the outcome the shell gets. */
  async invoke(
    name: string,
    params: Record<string, unknown>,
    request: CallRequestContext,
  ): Promise<CallOutcome> {
    try {
      return (await this.dispatch(name, params, request, "shell")).outcome;
    } catch {
      // Nothing above should throw; if something does, the call fails and the host process goes on.
      const failure = internalError(name, request, "shell");
      request.records?.set(request.callId, failure.record);
      return failure.outcome;
    }
  }

  /** The one path of a call, for every surface: the outcome as the shell sees it, the callback's value, the record. */
  async dispatch(
    name: string,
    params: Record<string, unknown>,
    request: CallRequestContext,
    surface: PolicyCall["surface"],
  ): Promise<Dispatched> {
    const started = performance.now();
    const record = newRecord(name, request, surface);
    const tool = this.tools.get(name);
    if (!tool) return this.finish(record, started, request, undefined, refused(this.notFound(name, surface)));
    const json = paramsJson(params);
    if (json === undefined) {
      const outcome = failed(
        "invalid_params",
        `${name}: params must be JSON (no cycles, BigInts or functions)\n`,
        2,
      );
      return this.finish(record, started, request, undefined, refused(outcome));
    }
    const paramBytes = Buffer.byteLength(json);
    record.bytesIn = paramBytes + (request.stdin === undefined ? 0 : Buffer.byteLength(request.stdin));
    const span =
      this.telemetry && (request.span !== undefined || surface === "host")
        ? this.telemetry.startCall(name, request.callId, tool.spec.description, json, request.span)
        : undefined;
    if (paramBytes > MAX_PARAMS_BYTES) {
      const message = `${name}: params too large: ${paramBytes} bytes of JSON (at most ${MAX_PARAMS_BYTES})\n`;
      return this.finish(record, started, request, span, refused(failed("payload_too_large", message, 2)));
    }
    if (surface === "host") {
      // TM-DOS-001: before validation and the callback walk them. A script's params were checked (every value, by
      // flag or piped in) before they left the shell; host calls are the only other surface, so each call's
      // params are checked exactly once.
      if (jsonTextDeeperThan(json, MAX_JSON_DEPTH + 1)) {
        const message = `${name}: params nested deeper than ${MAX_JSON_DEPTH} levels\n`;
        return this.finish(record, started, request, span, refused(failed("invalid_params", message, 2)));
      }
      if (typeof params !== "object" || params === null || Array.isArray(params)) {
        const outcome = failed("invalid_params", `${name}: params must be a JSON object\n`, 2);
        return this.finish(record, started, request, span, refused(outcome));
      }
      const issues = this.validate(name, params) ?? [];
      if (issues.length > 0) {
        const outcome = failed("invalid_params", `${formatIssues(name, issues)}\n`, 2);
        return this.finish(record, started, request, span, refused(outcome, issues));
      }
    }
    if (request.plan && !tool.spec.risk.readOnly) {
      request.plan.record(name, params, request.callId);
      const placeholder = JSON.stringify({ planned: true, tool: name, callId: request.callId });
      record.planned = true;
      const outcome: CallOutcome = {
        stdout: `${placeholder}\n`,
        stderr: "",
        exitCode: 0,
        planned: true,
        code: "ok",
      };
      return this.finish(record, started, request, span, { outcome });
    }
    // Rate limit and breaker before the policy: never ask an approver about a call that cannot run now.
    const limiter = this.limiters.get(name);
    if (limiter && !limiter.allows()) {
      return this.finish(record, started, request, span, rateLimited(name, limiter));
    }
    const breaker = this.breakers.get(name);
    const admitted = breaker ? breaker.admit() : "run";
    if (typeof admitted === "number") {
      const message = `${name}: temporarily unavailable (${admitted} recent failures)\n`;
      const outcome = failed("circuit_open", message, TEMPORARY_FAILURE_EXIT);
      return this.finish(record, started, request, span, refused(outcome));
    }
    if (this.policy) {
      const denied = await ask(this.policy, tool, name, params, request, surface);
      // A run that ends while the policy decides is a timeout or a cancel, not a decision.
      if (!denied) record.decision = "allow";
      else if (denied.code === "denied") record.decision = "deny";
      // Other calls may have used the window while the policy decided: count this one only if it still fits.
      const refusal = denied
        ? refused(denied)
        : limiter && !limiter.allows()
          ? rateLimited(name, limiter)
          : undefined;
      if (refusal) {
        breaker?.settle("neutral", admitted === "trial");
        return this.finish(record, started, request, span, refusal);
      }
    }
    limiter?.take();
    const settings = this.attemptSettings.get(name) as AttemptSettings;
    let result: Attempt;
    if (tool.retry) {
      result = await withRetries(tool, params, request, record, settings);
    } else {
      const attempt = startAttempt(tool, params, request, record, settings);
      result = endAttempt(attempt, await attempt.race, record, request, settings);
    }
    breaker?.settle(result.verdict, admitted === "trial");
    if (tool.spec.untrusted) {
      record.untrusted = true;
      const flags = scanForInjection(result.outcome.stdout);
      if (flags.length > 0) record.injectionFlags = flags;
    }
    return this.finish(record, started, request, span, result);
  }

  private notFound(name: string, surface: PolicyCall["surface"]): CallOutcome {
    if (surface === "shell") return failed("not_found", `${name}: no such tool\n`, 127);
    const suggestion = closest(
      name,
      this.all().map((candidate) => candidate.spec.name),
    );
    const hint = suggestion ? ` (did you mean ${suggestion}?)` : "";
    // No registered name is longer than 128 characters: a longer one is not echoed whole.
    const shown = name.length > 128 ? `${name.slice(0, 128)}...` : name;
    return failed("not_found", `no tool named ${shown}${hint}\n`, 127);
  }

  /** A late result's record: the tool's late count (if it is still registered), then the onCall hooks. */
  private readonly lateResult = (late: CallRecord, request: CallRequestContext): void => {
    if (this.tools.has(late.name)) this.stats.late(late.name);
    emit(late, this.onCall, request.onCall);
  };

  /** Completes the call's record and hands it to the trace, stats, span and hooks. */
  private finish(
    record: CallRecord,
    started: number,
    request: CallRequestContext,
    span: SpanLike | undefined,
    result: { outcome: CallOutcome; value?: unknown; issues?: Issue[] },
  ): Dispatched {
    const outcome =
      record.decision === "allow" ? { ...result.outcome, decision: "allow" as const } : result.outcome;
    record.outcome = outcome.code ?? "ok";
    record.exitCode = outcome.exitCode;
    record.durationMs = elapsedMs(started);
    record.bytesOut = outcome.stdout === "" ? 0 : Buffer.byteLength(outcome.stdout);
    if (span && this.telemetry) {
      this.telemetry.endCall(span, {
        outcome: record.outcome,
        exitCode: record.exitCode,
        attempts: record.attempts,
        output: outcome.stdout,
        message: outcome.stderr.split("\n")[0],
      });
    }
    this.publish(record, request);
    return { outcome, value: result.value, issues: result.issues, record };
  }

  /**
   * Records the calls a script made that the shell refused for invalid flags or params, which never reached this
   * thread: `invalid_params` records of surface "shell", in stats and to the onCall hooks, when their run ended.
   */
  rejected(
    calls: readonly RejectedCall[],
    request: Pick<CallRequestContext, "tenant" | "onCall" | "records">,
  ): void {
    for (const { callId, name, durationMs, bytesIn } of calls) {
      this.publish(
        {
          callId,
          name,
          surface: "shell",
          tenant: request.tenant,
          outcome: "invalid_params",
          exitCode: 2,
          durationMs,
          bytesIn,
          bytesOut: 0,
          attempts: 0,
        },
        request,
      );
    }
  }

  /** A call's final record: to stats, the run's records and the onCall hooks. */
  private publish(record: CallRecord, request: Pick<CallRequestContext, "onCall" | "records">): void {
    // Stats describe calls that reached a registered tool: not unknown names, nor plan mode's calls that never
    // ran, nor calls of a tool removed meanwhile (its figures were dropped and would otherwise come back).
    if (record.outcome !== "not_found" && !record.planned && this.tools.has(record.name)) {
      this.stats.add(record.name, record.outcome, record.durationMs);
    }
    request.records?.set(record.callId, record);
    if (this.onCall || request.onCall) emit(Object.freeze(record), this.onCall, request.onCall);
  }
}
