import { setMaxListeners } from "node:events";
import type { Bash, BashOptions } from "#just-bash";
import { type StopReason, signalReason } from "../stop-reason.js";
import { STOP_FLAG } from "../worker/shared-memory.js";

type ExecutionLimits = Required<NonNullable<BashOptions["executionLimits"]>>;

/** Where the request to stop comes from: a deadline, an abort signal, and (in a worker) a shared flag. */
export interface StopSources {
  deadline: number;
  signal?: AbortSignal;
  flag?: Int32Array;
}

/** The lines just-bash prints for the limits the stopper trips; replaced by one line that says why. */
const TRIPPED =
  /^bash: .*(too many commands executed \(>0\)|too many iterations|loop iterations|limit exceeded \(0\)|aborted|exceeded execution deadline).*\n/gm;

/** The limits the stopper lowers to zero to end a run at its next command. */
const GUARDED = ["maxCommandCount", "maxLoopIterations"] as const;

/** The run's limits object (a private field of the pinned just-bash), when it has the shape we rely on. */
function limitsOf(bash: Bash): ExecutionLimits | undefined {
  const limits: unknown = (bash as unknown as { limits?: unknown }).limits;
  if (typeof limits !== "object" || limits === null) return undefined;
  for (const key of GUARDED) {
    const descriptor = Object.getOwnPropertyDescriptor(limits, key);
    if (!descriptor?.configurable || typeof descriptor.value !== "number") return undefined;
  }
  return limits as ExecutionLimits;
}

/**
 * Stops a run at its next command while keeping everything it printed. just-bash drops the output of a run
 * stopped through its AbortSignal, but keeps it for a run that trips a limit. So the stopper turns the run's
 * command and loop limits into getters that check the stop sources (a deadline, the host's abort, a shared flag)
 * and read zero once a stop is due: the very next command trips a limit and the output is kept.
 *
 * just-bash reads those limits before every command and loop iteration, so no signal is given to `exec` at all:
 * with one, every command would also pay for an AbortController and a revocation error (~25% of a command's
 * cost). If the limits cannot be hooked (an upgrade changed them), `signal` is a polling signal that never
 * fires, as a fallback. Our own commands that wait (jq, sleep) listen to `commandSignal`, which does fire.
 */
export class Stopper {
  reason: StopReason | undefined;
  /** For just-bash's exec: undefined when the limits are hooked (the fast path), else a polling signal. */
  signal: AbortSignal | undefined;
  private readonly commands = new AbortController();
  /** For our commands: aborted when the run is stopped. */
  readonly commandSignal: AbortSignal = this.commands.signal;

  constructor(private readonly sources: StopSources) {
    // Concurrent jobs' commands each listen (jq, sleep): no warning for fan-out.
    setMaxListeners(0, this.commandSignal);
    sources.signal?.addEventListener("abort", () => this.check(), { once: true });
  }

  /**
   * Hooks the run's limits (a private field of the pinned just-bash). Returns false when their shape is not the
   * expected one; the stopper then falls back to a polling signal (set `signal` before calling `exec`).
   */
  attach(bash: Bash): boolean {
    const limits = limitsOf(bash);
    if (!limits) {
      this.signal = this.pollingSignal();
      return false;
    }
    for (const key of GUARDED) {
      let value = limits[key];
      Object.defineProperty(limits, key, {
        configurable: true,
        enumerable: true,
        get: () => (this.check() ? 0 : value),
        set: (next: number) => {
          value = next;
        },
      });
    }
    this.signal = undefined;
    return true;
  }

  /**
   * The fallback: a signal whose `aborted` reads the stop sources. just-bash then stops the run at its next
   * command as an abort, which loses what the run printed, but the run still ends on time.
   */
  private pollingSignal(): AbortSignal {
    const signal = new AbortController().signal;
    setMaxListeners(0, signal);
    Object.defineProperty(signal, "aborted", { get: () => this.check() });
    return signal;
  }

  /** just-bash's `sleep`: ends early at the deadline or on a stop, so the next command can trip. */
  readonly sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (this.check()) return resolve();
      const wait = Math.max(0, Math.min(ms, this.sources.deadline - Date.now()));
      const done = () => {
        clearTimeout(timer);
        this.commandSignal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, wait);
      this.commandSignal.addEventListener("abort", done, { once: true });
    });

  /** True once the run is to stop; the first time, records why and lowers the limits. */
  private check(): boolean {
    if (this.reason) return true;
    const flag = this.sources.flag ? Atomics.load(this.sources.flag, 0) : STOP_FLAG.none;
    if (flag === STOP_FLAG.timeout || Date.now() >= this.sources.deadline) this.stop("timeout");
    else if (flag === STOP_FLAG.abort) this.stop("abort");
    else if (this.sources.signal?.aborted) this.stop(signalReason(this.sources.signal));
    return this.reason !== undefined;
  }

  private stop(reason: StopReason): void {
    this.reason = reason;
    this.commands.abort(new DOMException(reason, reason === "timeout" ? "TimeoutError" : "AbortError"));
  }

  /** Words the outcome of a stopped run; a stop asked for by the host after the last command still counts. */
  finish(stderr: string, exitCode: number, timeoutMs: number): { stderr: string; exitCode: number } {
    const flag = this.sources.flag ? Atomics.load(this.sources.flag, 0) : STOP_FLAG.none;
    if (!this.reason && flag === STOP_FLAG.timeout) this.reason = "timeout";
    if (!this.reason && flag === STOP_FLAG.abort) this.reason = "abort";
    if (!this.reason && this.sources.signal?.aborted) this.reason = signalReason(this.sources.signal);
    if (!this.reason) return { stderr, exitCode };
    const cleaned = stderr.replace(TRIPPED, "");
    if (this.reason === "timeout")
      return { stderr: `${cleaned}toolshell: timed out after ${timeoutMs} ms\n`, exitCode: 124 };
    return { stderr: `${cleaned}toolshell: aborted\n`, exitCode: 130 };
  }
}
