import { cutMiddle } from "./budget.js";
import { ToolshellError } from "./errors.js";
import { MAX_TOOL_OUTPUT_BYTES } from "./limits.js";
import {
  compileOutputCheck,
  issueList,
  type OutputCheck,
  type OutputIssues,
  strictOutputMessage,
} from "./output-check.js";
import type { CallOutcome } from "./protocol.js";
import { compileValidator } from "./schema/validate.js";
import type { RegisteredTool, ToolContext } from "./tool.js";

/** What a host-side call needs besides the tool and its params. */
export interface CallRequestContext {
  callId: string;
  stdin: string | undefined;
  /** The run's signal: aborted on cancel or deadline. */
  signal: AbortSignal;
  context: unknown;
  sanitizeErrors: boolean;
}

/** Options of a Registry. */
export interface RegistryOptions {
  /** Fail a call whose result does not match the tool's outputSchema (default: only report it in the trace). */
  strictOutput?: boolean;
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

function failureMessage(name: string, error: unknown, sanitize: boolean): string {
  if (sanitize) return `${name}: callback failed\n`;
  const message = error instanceof Error ? error.message : String(error);
  return `${name}: callback failed: ${message.split("\n")[0]}\n`;
}

/** The outcome the shell sees for a call cut short by the run's end. */
function abortedOutcome(name: string, signal: AbortSignal): CallOutcome {
  const timedOut = signal.reason instanceof Error && signal.reason.name === "TimeoutError";
  return timedOut
    ? { stdout: "", stderr: `${name}: timed out\n`, exitCode: 124 }
    : { stdout: "", stderr: `${name}: aborted\n`, exitCode: 130 };
}

/** Settles with the call, or with an aborted outcome as soon as the run's signal aborts, whichever is first. */
function raceAbort(name: string, call: Promise<CallOutcome>, signal: AbortSignal): Promise<CallOutcome> {
  if (signal.aborted) return Promise.resolve(abortedOutcome(name, signal));
  return new Promise((resolve) => {
    const stop = () => resolve(abortedOutcome(name, signal));
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
  private readonly strictOutput: boolean;

  constructor(options: RegistryOptions = {}) {
    this.strictOutput = options.strictOutput ?? false;
  }

  add(tool: RegisteredTool): void {
    const { name, inputSchema, outputSchema } = tool.spec;
    if (this.tools.has(name)) {
      throw new ToolshellError("duplicate_tool", `a tool named ${name} is already registered`);
    }
    compileValidator(inputSchema);
    if (outputSchema !== undefined) this.outputChecks.set(name, compileOutputCheck(name, outputSchema));
    this.tools.set(name, tool);
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  all(): RegisteredTool[] {
    return [...this.tools.values()];
  }

  /** Calls a tool's callback with params the shell already parsed and validated. */
  async invoke(
    name: string,
    params: Record<string, unknown>,
    request: CallRequestContext,
  ): Promise<CallOutcome> {
    const tool = this.tools.get(name);
    if (!tool) return { stdout: "", stderr: `${name}: no such tool\n`, exitCode: 127 };
    const context: ToolContext = {
      stdin: request.stdin,
      signal: request.signal,
      abortSignal: request.signal,
      callId: request.callId,
      toolCallId: request.callId,
      context: request.context,
      messages: [],
    };
    const check = this.outputChecks.get(name);
    const called = (async () =>
      capped(name, render(name, await tool.execute(params, context), check, this.strictOutput)))().catch(
      (error: unknown) => ({
        stdout: "",
        stderr: failureMessage(name, error, request.sanitizeErrors),
        exitCode: 1,
      }),
    );
    return raceAbort(name, called, request.signal);
  }
}
