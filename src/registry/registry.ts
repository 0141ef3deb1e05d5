import { Buffer } from "node:buffer";
import { ToolError, ToolshellError } from "../errors.js";
import { formatIssues, type Issue } from "../issues/issue.js";
import { closest } from "../issues/suggest.js";
import { MAX_JSON_DEPTH, MAX_PARAMS_BYTES, MAX_TOOL_OUTPUT_BYTES } from "../limits.js";
import { jsonTextDeeperThan } from "../schema/json-depth.js";
import { compileValidator, type Validator } from "../schema/validate.js";
import { signalReason } from "../stop-reason.js";
import { cutMiddle } from "../text/cut.js";
import { trimNewlinesEnd } from "../text/format.js";
import { scanForInjection } from "../text/untrusted.js";
import type { CallErrorCode, CallOutcome } from "../tool/call.js";
import type { BreakerOptions } from "../tool/resilience.js";
import type { RegisteredTool, ToolContext } from "../tool/tool.js";
import { type CallRecord, elapsedMs } from "../trace/trace.js";
import type { RejectedCall } from "../worker/protocol.js";
import { type BreakerVerdict, CircuitBreaker, RateLimiter, TEMPORARY_FAILURE_EXIT } from "./breaker.js";
import {
  compileOutputCheck,
  issueList,
  type OutputCheck,
  type OutputIssues,
  strictOutputMessage,
} from "./output-check.js";
import type { PlanRecorder } from "./plan.js";
import { decide, type Policy, type PolicyCall } from "./policy.js";
import { CallStats, type ToolStats } from "./stats.js";
import type { SpanLike, Telemetry } from "./telemetry.js";

/** Receives one record per call, from every surface; what it throws or rejects with is ignored. */
export type OnCall = (record: CallRecord) => unknown;

/** What a host-side call needs besides the tool and its params. */
export interface CallRequestContext {
  callId: string;
  stdin: string | undefined;
  /** The run's signal: aborted on cancel or deadline. */
  signal: AbortSignal;
  /** Epoch ms at which the run ends. */
  runDeadline: number;
  context: unknown;
  tenant: string | undefined;
  sanitizeErrors: boolean;
  /** Plan mode: calls of tools that are not read-only are recorded here instead of run. */
  plan?: PlanRecorder;
  /** The run's span, when telemetry records it: each call's span is its child. */
  span?: SpanLike;
  /** The run's own hook, called after the ScriptedTool's. */
  onCall?: OnCall;
  /** Where the run collects its calls' records by call id (to complete its trace). */
  records?: Map<string, CallRecord>;
}

/** A call plan mode recorded instead of running it (its params were validated). */
export interface PlannedCall {
  name: string;
  /**
   * The call's params, cut like the trace's past its byte budget (4 KiB of JSON per call, 1 MiB per run): a string
   * value keeps its head and a `[toolshell: N bytes cut]` marker, any other value becomes
   * `[toolshell: N bytes of JSON cut]`, keys past the budget are left out (`{}` once the run's budget is spent).
   */
  params: Record<string, unknown>;
  callId: string;
  /** Set when params were cut: the UTF-8 bytes of their whole JSON. */
  truncated?: { paramsBytes: number };
}

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

/** One dispatched call: the outcome as the shell sees it, the callback's value, and the call's record. */
export interface Dispatched {
  outcome: CallOutcome;
  value?: unknown;
  /** The params' problems, when a host call's params were invalid. */
  issues?: Issue[];
  record: CallRecord;
}

/** How one attempt at running the callback ended, for retries and the breaker. */
interface Attempt {
  outcome: CallOutcome;
  value?: unknown;
  /** Worth another attempt: the callback threw (not a ToolError) or passed the tool's own timeoutMs. */
  retryable: boolean;
  verdict: BreakerVerdict;
}

/** One attempt in flight: what its callback gave so far, and the race of its outcome against the deadline. */
class AttemptState {
  value: unknown = undefined;
  /** How the callback ended: undefined while it runs. */
  ended: "value" | "tool_error" | "threw" | undefined = undefined;
  readonly started: number = performance.now();
  /** The callback's outcome, whenever it comes (set right after construction). */
  called!: Promise<CallOutcome>;
  /** The outcome, or the deadline's. */
  race!: Promise<CallOutcome>;

  constructor(readonly dispose: () => void) {}
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

function failed(code: CallErrorCode, stderr: string, exitCode: number): CallOutcome {
  return { stdout: "", stderr, exitCode, code };
}

/**
 * Turns what a callback returned into the bytes the shell sees, checking it against the tool's outputSchema if
 * it has one. An object is serialised once; the check reads the value itself (and parses that one serialisation
 * only if the value fails). `undefined` is checked as `null`: both print nothing.
 */
function render(name: string, value: unknown, check: OutputCheck | undefined, strict: boolean): CallOutcome {
  if (value === undefined || value === null) {
    return checked(name, { stdout: "", stderr: "", exitCode: 0, code: "ok" }, check?.value(null), strict);
  }
  if (typeof value === "string") {
    return checked(name, { stdout: value, stderr: "", exitCode: 0, code: "ok" }, check?.text(value), strict);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (json === undefined) {
    return failed("handler_failed", `${name}: callback returned a value that is not JSON\n`, 1);
  }
  return checked(
    name,
    { stdout: `${json}\n`, stderr: "", exitCode: 0, code: "ok" },
    check?.value(value, json),
    strict,
  );
}

/** Attaches output issues to a successful outcome; under strictOutput they fail the call instead. */
function checked(
  name: string,
  outcome: CallOutcome,
  found: OutputIssues | undefined,
  strict: boolean,
): CallOutcome {
  if (found === undefined || found.total === 0) return outcome;
  const outputIssues = issueList(found);
  if (!strict) return { ...outcome, outputIssues };
  return {
    stdout: "",
    stderr: strictOutputMessage(name, found),
    exitCode: 1,
    outputIssues,
    code: "invalid_output",
  };
}

/** One call's output crosses to the shell whole up to MAX_TOOL_OUTPUT_BYTES; past it, head and tail around a marker. */
function capped(name: string, outcome: CallOutcome): CallOutcome {
  if (outcome.stdout.length <= MAX_TOOL_OUTPUT_BYTES / 3) return outcome;
  const { text } = cutMiddle(
    outcome.stdout,
    MAX_TOOL_OUTPUT_BYTES,
    (cut) =>
      `[toolshell: ${cut} bytes of ${name}'s output cut: one call may return at most ${MAX_TOOL_OUTPUT_BYTES} bytes]`,
  );
  return { ...outcome, stdout: text };
}

/** Bytes of a ToolError's message shown (head and tail): each line gets the tool's name, so it must stay small. */
const MAX_ERROR_MESSAGE_BYTES = 64 * 1024;

/** A ToolError's message within MAX_ERROR_MESSAGE_BYTES (it may carry an upstream's text of any size). */
function errorMessage(message: string): string {
  if (message.length <= MAX_ERROR_MESSAGE_BYTES / 3) return message;
  return cutMiddle(
    message,
    MAX_ERROR_MESSAGE_BYTES,
    (cut) =>
      `[toolshell: ${cut} bytes of the error message cut: at most ${MAX_ERROR_MESSAGE_BYTES} are shown]`,
  ).text;
}

/**
 * Whether a thrown value is a ToolError, from this copy of toolshell or a tool package's own (TM-ERR-001); false for
 * a Proxy whose traps throw.
 */
function isToolError(error: unknown): error is ToolError {
  return ToolError.isInstance(error);
}

/** Another copy's ToolError (another version, perhaps) is checked again: only 1..255 is an exit code. */
function exitCodeOf(code: unknown): number {
  return typeof code === "number" && Number.isInteger(code) && code >= 1 && code <= 255 ? code : 1;
}

/**
 * A callback that threw: a ToolError's message is meant for the script and always shown (as written, each line
 * prefixed with the tool's name); any other error says `callback failed`, with its first line only when
 * sanitizeErrors is off.
 */
function failedOutcome(name: string, error: unknown, sanitize: boolean): CallOutcome {
  // What a callback throws is hostile: a Proxy whose traps throw, a getter that throws, an object with no
  // toString. Reading it must never throw in turn (that would reject the call and escape as an unhandled rejection).
  try {
    if (isToolError(error)) {
      const lines = trimNewlinesEnd(errorMessage(String(error.message))).split("\n");
      const stderr = lines.map((line) => `${name}: ${line}\n`).join("");
      const stdout = typeof error.stdout === "string" ? error.stdout : "";
      return capped(name, { stdout, stderr, exitCode: exitCodeOf(error.exitCode), code: "handler_failed" });
    }
    if (sanitize) return failed("handler_failed", `${name}: callback failed\n`, 1);
    const message = error instanceof Error ? String(error.message) : String(error);
    return failed("handler_failed", `${name}: callback failed: ${message.split("\n")[0]}\n`, 1);
  } catch {
    return failed("handler_failed", `${name}: callback failed\n`, 1);
  }
}

/** The outcome the shell sees for a call cut short by the run's end. */
function abortedOutcome(name: string, signal: AbortSignal, timeoutMs?: number): CallOutcome {
  const timedOut = signalReason(signal) === "timeout";
  const after = timeoutMs === undefined ? "" : ` after ${timeoutMs} ms`;
  return timedOut
    ? failed("timeout", `${name}: timed out${after}\n`, 124)
    : failed("cancelled", `${name}: aborted\n`, 130);
}

/** Settles with the call, or with an aborted outcome as soon as the run's signal aborts, whichever is first. */
function raceAbort(
  name: string,
  call: Promise<CallOutcome>,
  signal: AbortSignal,
  timeoutMs?: number,
): Promise<CallOutcome> {
  if (signal.aborted) return Promise.resolve(abortedOutcome(name, signal, timeoutMs));
  return new Promise((resolve) => {
    const stop = () => resolve(abortedOutcome(name, signal, timeoutMs));
    signal.addEventListener("abort", stop, { once: true });
    void call.then((outcome) => {
      signal.removeEventListener("abort", stop);
      resolve(outcome);
    });
  });
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

/** Waits `ms` unless the signal aborts first; true when the wait ran its course. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ran: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(ran);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Calls each hook with the record; a hook that throws or rejects never affects the call or the run. */
function emit(record: CallRecord, first: OnCall | undefined, second: OnCall | undefined): void {
  for (const hook of [first, second]) {
    if (hook === undefined) continue;
    try {
      const returned = hook(record) as { then?: unknown } | undefined;
      if (returned && typeof returned.then === "function") {
        (returned as Promise<unknown>).then(undefined, () => {});
      }
    } catch {
      // a hook's failure is the host's own; the run goes on
    }
  }
}

/**
 * The value a callback ends with: the last one a streaming callback (one returning an async iterable, such as an
 * async generator, as AI SDK tools that stream do) yields. Reading stops, and the stream is closed, once the
 * call's signal aborts: a stream that ignores the signal is not read forever after its call ended.
 */
async function finalValue(value: unknown, signal: AbortSignal): Promise<unknown> {
  const resolved = await value;
  if (typeof resolved !== "object" || resolved === null || !(Symbol.asyncIterator in resolved))
    return resolved;
  let last: unknown;
  for await (const item of resolved as AsyncIterable<unknown>) {
    if (signal.aborted) break;
    last = item;
  }
  return last;
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
    const record: CallRecord = {
      callId: request.callId,
      name,
      surface,
      tenant: request.tenant,
      outcome: "ok",
      exitCode: 0,
      durationMs: 0,
      bytesIn: 0,
      bytesOut: 0,
      attempts: 0,
    };
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
      const denied = await this.ask(this.policy, tool, name, params, request, surface);
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
    let result: Attempt;
    if (tool.retry) {
      result = await this.withRetries(tool, params, request, record);
    } else {
      const attempt = this.startAttempt(tool, params, request, record);
      result = this.endAttempt(attempt, await attempt.race, record, request);
    }
    breaker?.settle(result.verdict, admitted === "trial");
    if (tool.spec.untrusted) {
      record.untrusted = true;
      const flags = scanForInjection(result.outcome.stdout);
      if (flags.length > 0) record.injectionFlags = flags;
    }
    return this.finish(record, started, request, span, result);
  }

  /** The policy's refusal as an outcome, or undefined when it allowed the call. */
  private async ask(
    policy: Policy,
    tool: RegisteredTool,
    name: string,
    params: Record<string, unknown>,
    request: CallRequestContext,
    surface: PolicyCall["surface"],
  ): Promise<CallOutcome | undefined> {
    const call: PolicyCall = {
      name,
      params,
      risk: tool.spec.risk,
      tenant: request.tenant,
      context: request.context,
      surface,
      callId: request.callId,
    };
    const decided = await raceAbort(
      name,
      decide(policy, call).then((reason) => denial(name, reason)),
      request.signal,
    );
    return decided.exitCode === 0 ? undefined : decided;
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

  /** Runs the callback again while it fails in a retryable way, within the call's deadline and never after a cancel. */
  private async withRetries(
    tool: RegisteredTool,
    params: Record<string, unknown>,
    request: CallRequestContext,
    record: CallRecord,
  ): Promise<Attempt> {
    const { attempts, backoffMs } = tool.retry as Required<NonNullable<RegisteredTool["retry"]>>;
    let attempt = this.startAttempt(tool, params, request, record);
    let result = this.endAttempt(attempt, await attempt.race, record, request);
    for (let done = 1; done < attempts && result.retryable && !request.signal.aborted; done++) {
      const wait = backoffMs * 2 ** (done - 1);
      if (Date.now() + wait >= request.runDeadline) break;
      if (!(await pause(wait, request.signal))) {
        return {
          outcome: abortedOutcome(tool.spec.name, request.signal),
          retryable: false,
          verdict: "neutral",
        };
      }
      attempt = this.startAttempt(tool, params, request, record);
      result = this.endAttempt(attempt, await attempt.race, record, request);
    }
    return result;
  }

  /**
   * Starts one run of the callback under the call's deadline; `race` settles with its outcome or at the deadline
   * (then `endAttempt` finds it still running and abandons it). Split in two so a call awaits only the race.
   */
  private startAttempt(
    tool: RegisteredTool,
    params: Record<string, unknown>,
    request: CallRequestContext,
    record: CallRecord,
  ): AttemptState {
    const name = tool.spec.name;
    record.attempts++;
    const limit = callLimit(tool.timeoutMs, request);
    const context: ToolContext = {
      stdin: request.stdin,
      signal: limit.signal,
      abortSignal: limit.signal,
      callId: request.callId,
      toolCallId: request.callId,
      context: request.context,
      tenant: request.tenant,
      surface: record.surface,
      deadline: limit.deadline,
      messages: [],
    };
    const check = this.outputChecks.get(name);
    const state = new AttemptState(limit.dispose);
    state.called = (async () => {
      const value = await finalValue(tool.execute(params, context), limit.signal);
      state.value = value;
      state.ended = "value";
      return capped(name, render(name, value, check, this.strictOutput));
    })().catch((error: unknown) => {
      state.ended = isToolError(error) ? "tool_error" : "threw";
      return failedOutcome(name, error, request.sanitizeErrors);
    });
    // "timed out after N ms" quotes the tool's timeoutMs only when that is the limit that applies, not the run's.
    const ownTimeout = limit.signal === request.signal ? undefined : tool.timeoutMs;
    state.race = raceAbort(name, state.called, limit.signal, ownTimeout);
    return state;
  }

  /** How an attempt ended, once its race settled: a callback still running is abandoned (its late result watched). */
  private endAttempt(
    state: AttemptState,
    outcome: CallOutcome,
    record: CallRecord,
    request: CallRequestContext,
  ): Attempt {
    state.dispose();
    if (state.ended === undefined) {
      record.abandoned = true;
      this.watchLate(state.called, record, outcome, state.started, request);
      const ownTimeout = outcome.code === "timeout" && !request.signal.aborted;
      return { outcome, retryable: ownTimeout, verdict: outcome.code === "timeout" ? "failure" : "neutral" };
    }
    const threw = state.ended === "threw";
    const verdict: BreakerVerdict = outcome.code === "ok" ? "success" : threw ? "failure" : "neutral";
    return { outcome, value: state.value, retryable: threw, verdict };
  }

  /** When an abandoned callback settles after all: a second record with `late`, and the tool's late count. */
  private watchLate(
    called: Promise<CallOutcome>,
    record: CallRecord,
    cut: CallOutcome,
    started: number,
    request: CallRequestContext,
  ): void {
    void called.then((settled) => {
      if (this.tools.has(record.name)) this.stats.late(record.name);
      const late: CallRecord = {
        ...record,
        outcome: cut.code ?? "timeout",
        exitCode: cut.exitCode,
        abandoned: true,
        late: { settled: settled.code === "ok" ? "value" : "error", afterMs: elapsedMs(started) },
      };
      emit(Object.freeze(late), this.onCall, request.onCall);
    });
  }

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

/**
 * A call that failed inside toolshell itself (a value no stage anticipated made one throw): the last guard of the
 * promise that a call never rejects, so nothing escapes into the event loop.
 */
export function internalError(
  name: string,
  request: CallRequestContext,
  surface: PolicyCall["surface"],
): Dispatched {
  const outcome = failed("handler_failed", `${name}: the call failed inside toolshell\n`, 1);
  const record: CallRecord = {
    callId: request.callId,
    name,
    surface,
    tenant: request.tenant,
    outcome: "handler_failed",
    exitCode: 1,
    durationMs: 0,
    bytesIn: 0,
    bytesOut: 0,
    attempts: 0,
  };
  return { outcome, record };
}

/** A call over its tool's rate limit. */
function rateLimited(name: string, limiter: RateLimiter): { outcome: CallOutcome } {
  const message = `${name}: rate limited (${limiter.describe()}); try again later\n`;
  return { outcome: failed("rate_limited", message, TEMPORARY_FAILURE_EXIT) };
}

/** A policy's refusal as shell output (the callback never ran); exit 0 means allowed. */
function denial(name: string, reason: string | undefined): CallOutcome {
  if (reason === undefined) return { stdout: "", stderr: "", exitCode: 0, code: "ok" };
  return {
    stdout: "",
    stderr: `${name}: denied: ${reason}\n`,
    exitCode: 126,
    decision: "deny",
    code: "denied",
  };
}

const nothing = (): void => {};

/** The call's own signal: the run's, or aborted sooner at the tool's timeoutMs. */
function callLimit(
  timeoutMs: number | undefined,
  request: CallRequestContext,
): { signal: AbortSignal; deadline: number; dispose: () => void } {
  const ownDeadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
  if (ownDeadline >= request.runDeadline) {
    return { signal: request.signal, deadline: request.runDeadline, dispose: nothing };
  }
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener("abort", onRunAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException("timed out", "TimeoutError")),
    ownDeadline - Date.now(),
  );
  return {
    signal: controller.signal,
    deadline: ownDeadline,
    dispose: () => {
      clearTimeout(timer);
      request.signal.removeEventListener("abort", onRunAbort);
    },
  };
}
