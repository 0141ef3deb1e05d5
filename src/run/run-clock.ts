import { setMaxListeners } from "node:events";
import { COLD_START_GRACE_MS } from "../limits.js";
import { type StopReason, signalReason } from "../stop-reason.js";
import type { RunSetup } from "./supervise.js";

/**
 * A run's one clock: the only source of its deadline (the shell gets it as the run is handed over, each call
 * reads it as the call starts), and the run's own signal, which every callback of the run gets: aborted by the
 * caller's signal, or once the clock (started by `start()`) passes its budget, with reason name "TimeoutError".
 */
export class RunClock {
  readonly controller: AbortController = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = () => this.controller.abort(new DOMException("aborted", "AbortError"));

  constructor(private readonly setup: Pick<RunSetup, "order" | "signal">) {
    // Every call in flight listens to this signal (and so may its callback): fan-out must not warn on the host.
    setMaxListeners(0, this.controller.signal);
    if (setup.signal?.aborted) this.onCallerAbort();
    else setup.signal?.addEventListener("abort", this.onCallerAbort, { once: true });
  }

  /** Epoch ms at which the run ends (set by `start`). */
  deadline: number = Number.POSITIVE_INFINITY;

  /** Starts the run's time: from now, timeoutMs (TM-DOS-004: the wait for a free worker counts). */
  start(): void {
    this.deadline = Date.now() + this.setup.order.timeoutMs;
    this.arm();
  }

  private arm(): void {
    clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    this.timer = setTimeout(
      () => this.controller.abort(new DOMException("timed out", "TimeoutError")),
      Math.max(0, this.deadline - Date.now()),
    );
  }

  /**
   * TM-DOS-004: the deadline never stops. While a new worker starts for the run, it is moved by what is left of
   * COLD_START_GRACE_MS (the hard ceiling: timeoutMs plus that grace, whatever the pool does); once the worker is
   * ready the run keeps only what the start took.
   */
  private graceLeft = COLD_START_GRACE_MS;
  /** When the current start began, and the grace it was lent. */
  private starting: { since: number; lent: number } | undefined;

  /** Whether the run's time ran out while a new worker was starting for it. */
  get timedOutStarting(): boolean {
    return this.starting !== undefined && this.reason === "timeout";
  }

  /** A new worker starts for this run: the deadline moves by what is left of the grace. */
  workerStarting(): void {
    if (this.controller.signal.aborted || this.starting) return;
    this.starting = { since: Date.now(), lent: this.graceLeft };
    this.deadline += this.graceLeft;
    this.arm();
  }

  /** The new worker is ready: the run keeps only the grace the start took. */
  workerReady(): void {
    const starting = this.starting;
    if (!starting || this.controller.signal.aborted) return;
    this.starting = undefined;
    const took = Math.min(starting.lent, Date.now() - starting.since);
    this.graceLeft -= took;
    this.deadline -= starting.lent - took;
    this.arm();
  }

  /** Why the run's signal aborted; undefined while it has not. */
  get reason(): StopReason | undefined {
    return this.controller.signal.aborted ? signalReason(this.controller.signal) : undefined;
  }

  /** Stops the timer and lets go of the caller's signal. */
  dispose(): void {
    clearTimeout(this.timer);
    this.setup.signal?.removeEventListener("abort", this.onCallerAbort);
  }
}
