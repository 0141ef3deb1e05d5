import { cutMiddle } from "./budget.js";
import { ToolError, ToolshellError } from "./errors.js";
import type { Issue } from "./issues.js";
import { MAX_TOOL_OUTPUT_BYTES } from "./limits.js";
import {
  compileOutputCheck,
  issueList,
  type OutputCheck,
  type OutputIssues,
  strictOutputMessage,
} from "./output-check.js";
import { decide, type Policy, type PolicyCall } from "./policy.js";
import type { CallOutcome } from "./protocol.js";
import { compileValidator, type Validator } from "./schema/validate.js";
import type { RegisteredTool, ToolContext } from "./tool.js";

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
  plan?: PlannedCall[];
}

/** A call plan mode recorded instead of running it (its params were validated). */
export interface PlannedCall {
  name: string;
  params: Record<string, unknown>;
  callId: string;
}

/** Options of a Registry. */
export interface RegistryOptions {
  /** Fail a call whose result does not match the tool's outputSchema (default: only report it in the trace). */
  strictOutput?: boolean;
  /** Decides whether each call may run, before its callback does. */
  policy?: Policy;
}

/**
 * Turns what a callback returned into the bytes the shell sees, checking it against the tool's outputSchema if
 * it has one. An object is serialised once; the check reads the value itself (and parses that one serialisation
 * only if the value fails). `undefined` is checked as `null`: both print nothing.
 */
function render(name: string, value: unknown, check: OutputCheck | undefined, strict: boolean): CallOutcome {
  if (value === undefined || value === null) {
    return checked(name, { stdout: "", stderr: "", exitCode: 0 }, check?.value(null), strict);
  }
  if (typeof value === "string") {
    return checked(name, { stdout: value, stderr: "", exitCode: 0 }, check?.text(value), strict);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (json === undefined) {
    return { stdout: "", stderr: `${name}: callback returned a value that is not JSON\n`, exitCode: 1 };
  }
  return checked(name, { stdout: `${json}\n`, stderr: "", exitCode: 0 }, check?.value(value, json), strict);
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
  return { stdout: "", stderr: strictOutputMessage(name, found), exitCode: 1, outputIssues };
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

/**
 * A callback that threw: a ToolError's message is meant for the script and always shown (as written, each line
 * prefixed with the tool's name); any other error says `callback failed`, with its first line only when
 * sanitizeErrors is off.
 */
function failedOutcome(name: string, error: unknown, sanitize: boolean): CallOutcome {
  if (error instanceof ToolError) {
    const lines = error.message.replace(/\n+$/, "").split("\n");
    const stderr = lines.map((line) => `${name}: ${line}\n`).join("");
    return capped(name, { stdout: error.stdout, stderr, exitCode: error.exitCode });
  }
  if (sanitize) return { stdout: "", stderr: `${name}: callback failed\n`, exitCode: 1 };
  const message = error instanceof Error ? error.message : String(error);
  return { stdout: "", stderr: `${name}: callback failed: ${message.split("\n")[0]}\n`, exitCode: 1 };
}

/** The outcome the shell sees for a call cut short by the run's end. */
function abortedOutcome(name: string, signal: AbortSignal, timeoutMs?: number): CallOutcome {
  const timedOut = signal.reason instanceof Error && signal.reason.name === "TimeoutError";
  const after = timeoutMs === undefined ? "" : ` after ${timeoutMs} ms`;
  return timedOut
    ? { stdout: "", stderr: `${name}: timed out${after}\n`, exitCode: 124 }
    : { stdout: "", stderr: `${name}: aborted\n`, exitCode: 130 };
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

/**
 * The registered tools and the one path every call takes to reach a callback: the callback never throws out,
 * never outlives the run, and its result becomes shell output.
 */
export class Registry {
  private readonly tools = new Map<string, RegisteredTool>();
  /** Output checks of the tools that declare an outputSchema, compiled at registration. */
  private readonly outputChecks = new Map<string, OutputCheck>();
  /** Input validators, compiled once at registration; host calls use them (the shell validates in its worker). */
  private readonly validators = new Map<string, Validator>();
  private readonly strictOutput: boolean;
  private readonly policy: Policy | undefined;

  constructor(options: RegistryOptions = {}) {
    this.strictOutput = options.strictOutput ?? false;
    this.policy = options.policy;
  }

  add(tool: RegisteredTool): void {
    const { name, inputSchema, outputSchema } = tool.spec;
    if (this.tools.has(name)) {
      throw new ToolshellError("duplicate_tool", `a tool named ${name} is already registered`);
    }
    this.validators.set(name, compileValidator(inputSchema));
    if (outputSchema !== undefined) this.outputChecks.set(name, compileOutputCheck(name, outputSchema));
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
    return this.tools.delete(name);
  }

  /** Checks params against a tool's input schema, strictly (no coercion); undefined when the tool is unknown. */
  validate(name: string, params: unknown): Issue[] | undefined {
    return this.validators.get(name)?.(params);
  }

  /**
   * Calls a tool's callback with params the shell already parsed and validated: the policy first (a denied call
   * never runs), then the callback under the call's deadline (the run's, or the tool's own timeoutMs if sooner).
   */
  async invoke(
    name: string,
    params: Record<string, unknown>,
    request: CallRequestContext,
  ): Promise<CallOutcome> {
    return (await this.dispatch(name, params, request, "shell")).outcome;
  }

  /** The one path of a call, for every surface: the outcome as the shell sees it, and the value the callback gave. */
  async dispatch(
    name: string,
    params: Record<string, unknown>,
    request: CallRequestContext,
    surface: PolicyCall["surface"],
  ): Promise<{ outcome: CallOutcome; value?: unknown }> {
    const tool = this.tools.get(name);
    if (!tool) return { outcome: { stdout: "", stderr: `${name}: no such tool\n`, exitCode: 127 } };
    if (request.plan && !tool.risk.readOnly) {
      request.plan.push({ name, params, callId: request.callId });
      const placeholder = JSON.stringify({ planned: true, tool: name, callId: request.callId });
      return { outcome: { stdout: `${placeholder}\n`, stderr: "", exitCode: 0, planned: true } };
    }
    if (this.policy) {
      const call = {
        name,
        params,
        risk: tool.risk,
        tenant: request.tenant,
        context: request.context,
        surface,
        callId: request.callId,
      };
      const decided = await raceAbort(
        name,
        decide(this.policy, call).then((reason) => denial(name, reason)),
        request.signal,
      );
      if (decided.exitCode !== 0) return { outcome: decided };
    }
    const limit = callLimit(tool.timeoutMs, request);
    const context: ToolContext = {
      stdin: request.stdin,
      signal: limit.signal,
      abortSignal: limit.signal,
      callId: request.callId,
      toolCallId: request.callId,
      context: request.context,
      tenant: request.tenant,
      deadline: limit.deadline,
      messages: [],
    };
    const check = this.outputChecks.get(name);
    let value: unknown;
    const called = (async () => {
      value = await tool.execute(params, context);
      return capped(name, render(name, value, check, this.strictOutput));
    })().catch((error: unknown) => failedOutcome(name, error, request.sanitizeErrors));
    try {
      const outcome = await raceAbort(name, called, limit.signal, tool.timeoutMs);
      return { outcome: this.policy ? { ...outcome, decision: "allow" } : outcome, value };
    } finally {
      limit.dispose();
    }
  }
}

/** A policy's refusal as shell output (the callback never ran); exit 0 means allowed. */
function denial(name: string, reason: string | undefined): CallOutcome {
  if (reason === undefined) return { stdout: "", stderr: "", exitCode: 0 };
  return { stdout: "", stderr: `${name}: denied: ${reason}\n`, exitCode: 126, decision: "deny" };
}

/** The call's own signal: the run's, or aborted sooner at the tool's timeoutMs. */
function callLimit(
  timeoutMs: number | undefined,
  request: CallRequestContext,
): { signal: AbortSignal; deadline: number; dispose: () => void } {
  const ownDeadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
  if (ownDeadline >= request.runDeadline) {
    return { signal: request.signal, deadline: request.runDeadline, dispose: () => {} };
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
