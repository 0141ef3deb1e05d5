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

  constructor(
    readonly catalog: ShellCatalog,
    readonly invoke: ToolInvoker,
    readonly limits: RunLimits,
    readonly runId: number,
  ) {
    this.trace = new TraceRecorder(limits.maxTraceEntries);
  }

  newCallId(): string {
    this.nextCall++;
    return `call_${this.runId.toString(36)}_${this.nextCall}`;
  }
}
