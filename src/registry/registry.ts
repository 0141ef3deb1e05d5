import { Buffer } from "node:buffer";
import { ToolshellError } from "../errors.js";
import type { Issue } from "../issues/issue.js";
import { closest } from "../issues/suggest.js";
import { formatIssues } from "../issues/wording.js";
import { MAX_JSON_DEPTH, MAX_PARAMS_BYTES, MAX_TOOL_NAME_CHARS } from "../limits.js";
import { jsonTextDeeperThan } from "../schema/json-depth.js";
import { deferredValidator, type Validator } from "../schema/validate.js";
import { MemoryStore, type StateStore } from "../store/store.js";
import { scanForInjection } from "../text/untrusted.js";
import type { CallOutcome } from "../tool/call.js";
import { deprecationNotice } from "../tool/deprecation.js";
import type { ParamsParser, ParsedParams } from "../tool/parse.js";
import type { BreakerOptions } from "../tool/resilience.js";
import type { RegisteredTool } from "../tool/tool.js";
import { type CallRecord, elapsedMs } from "../trace/trace.js";
import type { RejectedCall } from "../worker/protocol.js";
import { admit, count, type Gate, makeGate, type Pass, settle } from "./admission.js";
import { type AttemptSettings, runAttempts } from "./attempt.js";
import { abortedOutcome, beforeAbort, callLimit } from "./deadline.js";
import { outputCheck } from "./output-check.js";
import { planned } from "./plan.js";
import { ask, type Policy, type PolicyCall } from "./policy.js";
import { emit, newRecord } from "./record.js";
import { failed, failedOutcome, printedText, thrownError } from "./render.js";
import type { CallInFlight, CallInput, Dispatched, OnCall, RunCallContext } from "./request.js";
import { CallStats, type ToolStats } from "./stats.js";
import type { Telemetry } from "./telemetry.js";

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
  /** Where rate limits and breakers keep their state (default: this process's memory). */
  store?: StateStore;
  /** What the tools' keys in the store start with (the ScriptedTool's name), so tools of two ScriptedTools differ. */
  storeKey?: string;
}

/**
 * A tool's inputSchema validator, checked now and compiled on the first host call; a schema it cannot compile is
 * refused naming the tool, as outputSchema's is.
 */
function inputValidator(name: string, schema: RegisteredTool["spec"]["inputSchema"]): Validator {
  try {
    return deferredValidator(schema);
  } catch (error) {
    if (!(error instanceof ToolshellError)) throw error;
    throw new ToolshellError(error.code, `${name}: inputSchema: ${error.message}`, { cause: error.cause });
  }
}

/** A registered tool with what its calls need, made once at registration. */
interface Entry {
  tool: RegisteredTool;
  /** The inputSchema's validator: host calls use it (the shell validates in its worker); compiled on first use. */
  validate: Validator;
  /** Its rate limit and breaker, kept in the store. */
  gate: Gate;
  /** What running the callback needs: the outputSchema's check, strictOutput, where a late result goes. */
  attempts: AttemptSettings;
}

/** How a call ends: the outcome, and the callback's value or the params' problems. */
interface Result {
  outcome: CallOutcome;
  value?: unknown;
  issues?: Issue[];
}

/** A call a stage stopped before its callback ran. */
function refused(outcome: CallOutcome, issues?: Issue[]): Result {
  return issues ? { outcome, issues } : { outcome };
}

/**
 * The parse stage: the tool's own schema parse (issue 16, item 2), whose value the policy and the callback get; a
 * refusal when it finds the params invalid, throws (the tool's fault: its record keeps the error, as a callback's),
 * or is still pending when the call's limit passes (the tool's timeoutMs, or the run's end).
 */
async function parseParams(
  tool: RegisteredTool,
  parse: ParamsParser,
  params: Record<string, unknown>,
  call: CallInFlight,
): Promise<Result | { value: Record<string, unknown> }> {
  const name = call.record.name;
  let parsed: ParsedParams | undefined;
  // Under the call's own limit (the tool's timeoutMs when sooner than the run's end), as its callback is.
  const limit = callLimit(tool.timeoutMs, call.run);
  try {
    const pending = parse(params);
    parsed = "then" in pending ? await beforeAbort(pending, limit.signal) : pending;
  } catch (error) {
    call.record.error = thrownError(error);
    return refused(failedOutcome(name, error, call.run.sanitizeErrors));
  } finally {
    limit.dispose();
  }
  if (parsed === undefined) {
    const ownTimeout = limit.signal === call.run.signal ? undefined : tool.timeoutMs;
    return refused(abortedOutcome(name, limit.signal, ownTimeout));
  }
  if ("value" in parsed) return parsed;
  return refused(failed("invalid_params", formatIssues(name, parsed.issues), 2), parsed.issues);
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
  private readonly entries = new Map<string, Entry>();
  private readonly stats = new CallStats();
  private readonly strictOutput: boolean;
  private readonly policy: Policy | undefined;
  private readonly defaultBreaker: Required<BreakerOptions> | undefined;
  private readonly onCall: OnCall | undefined;
  private readonly store: StateStore;
  /** The store is this registry's own (the default MemoryStore), not one the host shares. */
  private readonly ownStore: boolean;
  private readonly storeKey: string;
  /** Spans for calls, once OpenTelemetry is loaded (set by the ScriptedTool). */
  telemetry: Telemetry | undefined;

  constructor(options: RegistryOptions = {}) {
    this.strictOutput = options.strictOutput ?? false;
    this.policy = options.policy;
    this.defaultBreaker = options.breaker;
    this.onCall = options.onCall;
    this.store = options.store ?? new MemoryStore();
    this.ownStore = options.store === undefined;
    this.storeKey = options.storeKey ?? "";
  }

  /** Registers a tool: checks its schemas (compiled on first use) and makes its gate (rate limit, breaker). */
  add(tool: RegisteredTool): void {
    const { name, inputSchema, outputSchema } = tool.spec;
    if (this.entries.has(name)) {
      throw new ToolshellError("duplicate_tool", `a tool named ${name} is already registered`);
    }
    const validate = inputValidator(name, inputSchema);
    const check = outputSchema === undefined ? undefined : outputCheck(name, outputSchema);
    const breaker = tool.breaker ?? this.defaultBreaker;
    // The key names the tool in the store: JSON keeps a ScriptedTool and a tool name from running together.
    const key = JSON.stringify([this.storeKey, name]);
    const shared = !(this.store instanceof MemoryStore);
    this.entries.set(name, {
      tool,
      validate,
      gate: makeGate(key, tool, breaker || undefined, shared),
      attempts: { check, strict: this.strictOutput, late: this.lateResult },
    });
  }

  all(): RegisteredTool[] {
    return [...this.entries.values()].map((entry) => entry.tool);
  }

  /** Unregisters a tool; true when it was registered. Runs already started keep the catalog they began with. */
  remove(name: string): boolean {
    this.stats.forget(name);
    const entry = this.entries.get(name);
    // A shared store's state belongs to every replica; this process's own memory forgets the tool.
    if (entry && this.store instanceof MemoryStore && this.ownStore) this.store.forget(entry.gate.key);
    return this.entries.delete(name);
  }

  /** Per-tool figures over each tool's recent calls (see ToolStats). */
  statistics(): Record<string, ToolStats> {
    return this.stats.snapshot();
  }

  /**
   * The one path of a call, for every surface: the stages in order (docs/registry.md). Each stage either ends the
   * call with a refusal, which the record stage (`finish`) completes, or lets it go on to the next.
   */
  async dispatch(
    name: string,
    params: Record<string, unknown>,
    input: CallInput,
    run: RunCallContext,
    surface: PolicyCall["surface"],
  ): Promise<Dispatched> {
    const call: CallInFlight = {
      started: performance.now(),
      record: newRecord(name, input, run, surface),
      stdin: input.stdin,
      run,
      span: undefined,
    };
    const entry = this.entries.get(name);
    if (entry === undefined) return this.finish(call, refused(this.notFound(name, surface)));
    const json = paramsJson(params);
    if (json === undefined) return this.finish(call, refused(notJson(name)));
    const invalid = this.checkParams(entry, params, json, call);
    if (invalid) return this.finish(call, invalid);
    let given = params;
    if (entry.tool.parse) {
      const parsed = await parseParams(entry.tool, entry.tool.parse, params, call);
      if ("outcome" in parsed) return this.finish(call, parsed);
      given = parsed.value;
    }
    // Plan mode records the params as called (JSON), not the parse's value.
    if (run.plan && !entry.tool.spec.risk.readOnly)
      return this.finish(call, planned(name, params, run.plan, call.record));
    const { gate } = entry;
    // A tool with neither a rate limit nor a breaker asks the store nothing (and pays no await for it).
    const pass =
      gate.rateLimit || gate.breaker
        ? await admit(this.store, gate, call, this.policy === undefined)
        : UNGATED;
    if (!("uncounted" in pass)) return this.finish(call, refused(pass));
    if (this.policy) {
      const denied = await this.consult(this.policy, entry, given, call, pass);
      if (denied) return this.finish(call, denied);
    }
    return this.finish(call, await this.runCallback(entry, given, call, pass));
  }

  /**
   * The callback's stage: the call runs (with its retries, within its deadline), tells the breaker how it went,
   * and has its output scanned when the tool is untrusted.
   */
  private async runCallback(
    entry: Entry,
    params: Record<string, unknown>,
    call: CallInFlight,
    pass: Pass,
  ): Promise<Result> {
    const result = await runAttempts(entry.tool, params, call, entry.attempts);
    if (entry.gate.breaker) await settle(this.store, entry.gate, pass, result.verdict, call);
    scanUntrusted(entry.tool, call.record, result.outcome);
    const { deprecated } = entry.tool.spec;
    if (deprecated === undefined) return result;
    // A deprecated tool still runs; the notice goes before whatever the call wrote on stderr.
    const notice = deprecationNotice(deprecated);
    call.record.deprecated = notice;
    return {
      ...result,
      outcome: { ...result.outcome, stderr: `${call.record.name}: ${notice}\n${result.outcome.stderr}` },
    };
  }

  /** Lookup's refusal: a script's shell already suggested a name; a host call gets the closest one. */
  private notFound(name: string, surface: PolicyCall["surface"]): CallOutcome {
    if (surface === "shell") return failed("not_found", `${name}: no such tool\n`, 127);
    const suggestion = closest(
      name,
      this.all().map((candidate) => candidate.spec.name),
    );
    const hint = suggestion ? ` (did you mean ${suggestion}?)` : "";
    // No registered name is longer than MAX_TOOL_NAME_CHARS: a longer one is not echoed whole.
    const shown = name.length > MAX_TOOL_NAME_CHARS ? `${name.slice(0, MAX_TOOL_NAME_CHARS)}...` : name;
    return failed("not_found", `no tool named ${shown}${hint}\n`, 127);
  }

  /**
   * Params size, then (host calls) depth, shape and schema: a refusal, or undefined. Records `bytesIn` and starts
   * the call's span from the one serialisation.
   */
  private checkParams(
    entry: Entry,
    params: Record<string, unknown>,
    json: string,
    call: CallInFlight,
  ): Result | undefined {
    const { record, stdin, run } = call;
    const name = record.name;
    const paramBytes = Buffer.byteLength(json);
    record.bytesIn = paramBytes + (stdin === undefined ? 0 : Buffer.byteLength(stdin));
    if (this.telemetry && (run.span !== undefined || record.surface === "host")) {
      call.span = this.telemetry.startCall(name, record.callId, entry.tool.spec.description, json, run.span);
    }
    if (paramBytes > MAX_PARAMS_BYTES) {
      const message = `${name}: params too large: ${paramBytes} bytes of JSON (at most ${MAX_PARAMS_BYTES})\n`;
      return refused(failed("payload_too_large", message, 2));
    }
    if (record.surface !== "host") return undefined;
    // TM-DOS-001: before validation and the callback walk them. A script's params were checked (every value, by
    // flag or piped in) before they left the shell; host calls are the only other surface, so each call's
    // params are checked exactly once.
    if (jsonTextDeeperThan(json, MAX_JSON_DEPTH + 1)) {
      return refused(
        failed("invalid_params", `${name}: params nested deeper than ${MAX_JSON_DEPTH} levels\n`, 2),
      );
    }
    if (typeof params !== "object" || params === null || Array.isArray(params)) {
      return refused(failed("invalid_params", `${name}: params must be a JSON object\n`, 2));
    }
    const issues = entry.validate(params) ?? [];
    if (issues.length === 0) return undefined;
    return refused(failed("invalid_params", `${formatIssues(name, issues)}\n`, 2), issues);
  }

  /**
   * The policy's decision, recorded: a refusal (denied, or the run ended while it decided, or the rate limit
   * filled meanwhile), or undefined when the call may run (it is then counted against the rate limit).
   */
  private async consult(
    policy: Policy,
    entry: Entry,
    params: Record<string, unknown>,
    call: CallInFlight,
    pass: Pass,
  ): Promise<Result | undefined> {
    const { record } = call;
    const denied = await ask(policy, entry.tool, record.name, params, call.run, record);
    // A run that ends while the policy decides is a timeout or a cancel, not a decision.
    if (!denied) record.decision = "allow";
    else if (denied.code === "denied") record.decision = "deny";
    // Other calls may have used the window while the policy decided: count this one only if it still fits.
    const refusal = denied ?? (pass.uncounted ? await count(this.store, entry.gate, call, pass) : undefined);
    if (refusal === undefined) return undefined;
    await settle(this.store, entry.gate, pass, "neutral", call);
    return refused(refusal);
  }

  /** A late result's record: the tool's late count (if it is still registered), then the onCall hooks. */
  private readonly lateResult = (late: CallRecord, run: RunCallContext): void => {
    if (this.entries.has(late.name)) this.stats.late(late.name);
    emit(late, this.onCall, run.onCall);
  };

  /** The record stage: completes the call's record and hands it to the trace, stats, span and hooks. */
  private finish(call: CallInFlight, result: Result): Dispatched {
    const { record, span } = call;
    const { outcome } = result;
    record.outcome = outcome.code ?? "ok";
    record.exitCode = outcome.exitCode;
    record.durationMs = elapsedMs(call.started);
    const { stdout } = outcome;
    record.bytesOut = stdout === "" ? 0 : outcome.binary ? stdout.length : Buffer.byteLength(stdout);
    if (span && this.telemetry) {
      this.telemetry.endCall(span, {
        outcome: record.outcome,
        exitCode: record.exitCode,
        attempts: record.attempts,
        output: outcome.stdout,
        message: outcome.stderr.split("\n")[0],
      });
    }
    this.publish(record, call.run);
    return { outcome, value: result.value, issues: result.issues, record };
  }

  /**
   * Records the calls a script made that the shell refused for invalid flags or params, which never reached this
   * thread: `invalid_params` records of surface "shell", in stats and to the onCall hooks, when their run ended.
   */
  rejected(calls: readonly RejectedCall[], run: Pick<RunCallContext, "tenant" | "onCall" | "records">): void {
    for (const { callId, name, durationMs, bytesIn } of calls) {
      this.publish(
        {
          callId,
          name,
          surface: "shell",
          tenant: run.tenant,
          outcome: "invalid_params",
          exitCode: 2,
          durationMs,
          bytesIn,
          bytesOut: 0,
          attempts: 0,
        },
        run,
      );
    }
  }

  /** A call's final record: to stats, the run's records and the onCall hooks. */
  private publish(record: CallRecord, run: Pick<RunCallContext, "onCall" | "records">): void {
    // Stats describe calls that reached a registered tool: not unknown names, nor plan mode's calls that never
    // ran, nor calls of a tool removed meanwhile (its figures were dropped and would otherwise come back).
    if (record.outcome !== "not_found" && !record.planned && this.entries.has(record.name)) {
      this.stats.add(record.name, record.outcome, record.durationMs);
    }
    run.records?.set(record.callId, record);
    if (this.onCall || run.onCall) emit(Object.freeze(record), this.onCall, run.onCall);
  }
}

/** How a call of a tool without a rate limit or breaker passes its gate. */
const UNGATED: Pass = Object.freeze({ ticket: "", uncounted: false });

/** Params that JSON.stringify cannot serialise. */
function notJson(name: string): CallOutcome {
  return failed("invalid_params", `${name}: params must be JSON (no cycles, BigInts or functions)\n`, 2);
}

/** An untrusted tool's output is marked in the record and scanned for injection phrasing (src/text/untrusted.ts). */
function scanUntrusted(tool: RegisteredTool, record: CallRecord, outcome: CallOutcome): void {
  if (!tool.spec.untrusted) return;
  record.untrusted = true;
  // Bytes are scanned as the text they print as, so a phrase in UTF-8 bytes is found as it is in a string.
  const flags = scanForInjection(printedText(outcome));
  if (flags.length > 0) record.injectionFlags = flags;
}
