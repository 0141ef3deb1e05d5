import { ToolshellError } from "./errors.js";
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

/** Turns what a callback returned into the bytes the shell sees. */
function render(name: string, value: unknown): CallOutcome {
  if (value === undefined || value === null) return { stdout: "", stderr: "", exitCode: 0 };
  if (typeof value === "string") return { stdout: value, stderr: "", exitCode: 0 };
  try {
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError("not JSON");
    return { stdout: `${json}\n`, stderr: "", exitCode: 0 };
  } catch {
    return { stdout: "", stderr: `${name}: callback returned a value that is not JSON\n`, exitCode: 1 };
  }
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
  /** Changes whenever the set of tools changes, so workers know when to refresh what they hold. */
  version = 0;

  add(tool: RegisteredTool): void {
    if (this.tools.has(tool.spec.name)) {
      throw new ToolshellError("duplicate_tool", `a tool named ${tool.spec.name} is already registered`);
    }
    compileValidator(tool.spec.inputSchema);
    this.tools.set(tool.spec.name, tool);
    this.version++;
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
    const called = (async () => render(name, await tool.execute(params, context)))().catch(
      (error: unknown) => ({
        stdout: "",
        stderr: failureMessage(name, error, request.sanitizeErrors),
        exitCode: 1,
      }),
    );
    return raceAbort(name, called, request.signal);
  }
}
