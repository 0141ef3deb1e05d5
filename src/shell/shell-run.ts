import type { ExecResult } from "#just-bash";
import type { CallRequest } from "../tool/call.js";
import { ShellTrace } from "../trace/trace.js";
import type { CallAnswer, RejectedCall, RunLimits } from "../worker/protocol.js";
import type { ShellCatalog } from "./catalog.js";

/** Sends one validated call to the host and resolves with what the tool returned. */
export type HostCaller = (call: CallRequest) => Promise<CallAnswer>;

/** A background job (`cmd &`): its result once it ends, and whether `wait` has printed it yet. */
export interface Job {
  id: number;
  /** The job that started it ("" for the script itself): `wait` only waits for its own children, as in bash. */
  parent: string;
  done: Promise<ExecResult>;
  reported: boolean;
}

/** Starts a job's text in the run's shell, concurrently with the script; set once the shell exists. */
export type JobStarter = (text: string, variables: Record<string, string>) => Promise<ExecResult>;

/** Everything one run's commands share; created per run, so concurrent runs never see each other. */
export class ShellRun {
  /** The shell's side of the trace: its own commands' entries, and the ids of the calls the host answered. */
  readonly trace: ShellTrace;
  toolCalls = 0;
  private nextCall = 0;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  /** Every tool call's full stdout, for `out`, oldest first; bounded by `limits.maxKeptOutputBytes`. */
  readonly outputs: Map<string, string> = new Map();
  /** Calls whose output was dropped to stay within the bound. */
  readonly dropped: Set<string> = new Set();
  /** Calls whose kept output is bytes (one character per byte), not text: the callback returned binary data. */
  readonly binary: Set<string> = new Set();
  lastCallId: string | undefined;
  /** Calls refused for invalid params, reported to the host with the run's result. */
  readonly rejected: RejectedCall[] = [];
  /** Background jobs in the order they started. */
  readonly jobs: Job[] = [];
  startJob: JobStarter | undefined;
  private keptBytes = 0;
  /** Sends a call to the host, holding it back while `maxConcurrency` calls of this run are in flight. */
  readonly callHost: HostCaller;

  constructor(
    readonly catalog: ShellCatalog,
    send: HostCaller,
    readonly limits: RunLimits,
    readonly runId: number,
  ) {
    this.trace = new ShellTrace(limits.maxTraceEntries);
    this.callHost = async (call) => {
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

  /** Keeps a call's full stdout for `out`, dropping the oldest kept outputs past the bound. */
  keep(callId: string, stdout: string, binary?: boolean): void {
    this.lastCallId = callId;
    this.outputs.set(callId, stdout);
    if (binary) this.binary.add(callId);
    this.keptBytes += stdout.length;
    for (const [oldest, text] of this.outputs) {
      if (this.keptBytes <= this.limits.maxKeptOutputBytes) break;
      this.outputs.delete(oldest);
      this.binary.delete(oldest);
      this.dropped.add(oldest);
      this.keptBytes -= text.length;
    }
  }

  newCallId(): string {
    this.nextCall++;
    return `call_${this.runId.toString(36)}_${this.nextCall}`;
  }
}
