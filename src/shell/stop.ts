import { setMaxListeners } from "node:events";
import type { Bash, BashOptions } from "just-bash";

type ExecutionLimits = NonNullable<BashOptions["executionLimits"]>;

/** Why a run was stopped before it finished. */
export type StopReason = "timeout" | "abort";

/** Values of the shared stop flag a host can set while the worker's thread is busy. */
export const STOP_FLAG = { none: 0, abort: 1, timeout: 2 } as const;

/** Where the request to stop comes from: a deadline, an abort signal, and (in a worker) a shared flag. */
export interface StopSources {
  deadline: number;
  signal?: AbortSignal;
  flag?: Int32Array;
}

/** The lines just-bash prints for the limits the stopper trips; replaced by one line that says why. */
const TRIPPED =
  /^bash: .*(too many commands executed \(>0\)|too many iterations|loop iterations|aborted|exceeded execution deadline).*\n/gm;

/**
 * Stops a run at its next command while keeping everything it printed. just-bash drops the output of a run
 * stopped through its AbortSignal, but keeps it for a run that trips a limit; so the signal it is given reads
 * the stop sources, and on a stop it lowers the run's own command and loop limits to zero instead of reporting
 * an abort. The signal given to just-bash never fires `abort` (that too would drop the output); our own commands
 * (jq) listen to `commandSignal` instead, which does.
 */
export class Stopper {
  reason: StopReason | undefined;
  /** For just-bash's exec: read between commands, never fires. */
  readonly signal: AbortSignal = new AbortController().signal;
  private readonly commands = new AbortController();
  /** For our commands: aborted when the run is stopped. */
  readonly commandSignal: AbortSignal = this.commands.signal;
  private limits: Required<ExecutionLimits> | undefined;

  constructor(private readonly sources: StopSources) {
    // Concurrent jobs' commands each listen (just-bash on the exec signal, jq on ours): no warning for fan-out.
    setMaxListeners(0, this.signal, this.commandSignal);
    Object.defineProperty(this.signal, "aborted", { get: () => this.poll() });
    sources.signal?.addEventListener("abort", () => this.poll(), { once: true });
  }

  /** Lets the stopper reach the run's limits (a private field of the pinned just-bash, checked in tests). */
  attach(bash: Bash): void {
    this.limits = (bash as unknown as { limits: Required<ExecutionLimits> }).limits;
  }

  private poll(): boolean {
    if (this.reason) return false;
    const flag = this.sources.flag ? Atomics.load(this.sources.flag, 0) : STOP_FLAG.none;
    if (flag === STOP_FLAG.timeout || Date.now() >= this.sources.deadline) this.stop("timeout");
    else if (flag === STOP_FLAG.abort || this.sources.signal?.aborted) this.stop("abort");
    return false;
  }

  private stop(reason: StopReason): void {
    this.reason = reason;
    if (this.limits) {
      this.limits.maxCommandCount = 0;
      this.limits.maxLoopIterations = 0;
    }
    this.commands.abort(new DOMException(reason, reason === "timeout" ? "TimeoutError" : "AbortError"));
  }

  /** Words the outcome of a stopped run; a stop asked for by the host after the last command still counts. */
  finish(stderr: string, exitCode: number, timeoutMs: number): { stderr: string; exitCode: number } {
    const flag = this.sources.flag ? Atomics.load(this.sources.flag, 0) : STOP_FLAG.none;
    if (!this.reason && flag === STOP_FLAG.timeout) this.reason = "timeout";
    if (!this.reason && (flag === STOP_FLAG.abort || this.sources.signal?.aborted)) this.reason = "abort";
    if (!this.reason) return { stderr, exitCode };
    const cleaned = stderr.replace(TRIPPED, "");
    if (this.reason === "timeout")
      return { stderr: `${cleaned}toolshell: timed out after ${timeoutMs} ms\n`, exitCode: 124 };
    return { stderr: `${cleaned}toolshell: aborted\n`, exitCode: 130 };
  }
}
