import type { CallOutcome, CallRequest, RunLimits } from "../protocol.js";
import { TraceRecorder } from "../trace.js";
import type { ShellCatalog } from "./catalog.js";

/** Sends one validated call to the host and resolves with what the tool returned. */
export type ToolInvoker = (call: CallRequest) => Promise<CallOutcome>;

/** Everything one run's commands share; created per run, so concurrent runs never see each other. */
export class RunContext {
  readonly trace: TraceRecorder;
  toolCalls = 0;
  private nextCall = 0;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  /** Sends a call to the host, holding it back while `maxConcurrency` calls of this run are in flight. */
  readonly invoke: ToolInvoker;

  constructor(
    readonly catalog: ShellCatalog,
    send: ToolInvoker,
    readonly limits: RunLimits,
    readonly runId: number,
  ) {
    this.trace = new TraceRecorder(limits.maxTraceEntries);
    this.invoke = async (call) => {
      if (this.inFlight >= this.limits.maxConcurrency) {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      }
      this.inFlight++;
      try {
        return await send(call);
      } finally {
        this.inFlight--;
        this.waiting.shift()?.();
      }
    };
  }

  newCallId(): string {
    this.nextCall++;
    return `call_${this.runId.toString(36)}_${this.nextCall}`;
  }
}
