import type { BreakerSettings } from "./store.js";

/** How a finished call counts for the breaker. */
export type BreakerVerdict = "success" | "failure" | "neutral";

/**
 * One tool's circuit: closed (calls run), open (calls refused until the cooldown passes), half-open (one trial
 * call runs; the others are refused until it ends). MemoryStore keeps one per tool (and the registry one more, for
 * when a shared store fails); synchronous, so a call pays no await for it.
 */
export class CircuitBreaker {
  /** Times of recent failures, oldest first; never more than `failures` of them. */
  private readonly recent: number[] = [];
  private openedAt: number | undefined;
  private trialRunning = false;

  constructor(
    private readonly settings: BreakerSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** The state as a caller would describe it. */
  get state(): "closed" | "open" | "half-open" {
    if (this.openedAt === undefined) return "closed";
    return this.trialRunning || this.now() - this.openedAt >= this.settings.cooldownMs ? "half-open" : "open";
  }

  /**
   * Whether a call may run now: `"run"`, `"trial"` (the one half-open call: report how it ended with `settle`),
   * or the number of recent failures to quote when refusing.
   */
  admit(): "run" | "trial" | number {
    if (this.openedAt === undefined) return "run";
    if (this.trialRunning || this.now() - this.openedAt < this.settings.cooldownMs) return this.recent.length;
    this.trialRunning = true;
    return "trial";
  }

  /** Reports how an admitted call ended. A neutral end (denied, cancelled, a ToolError answer) frees the trial. */
  settle(verdict: BreakerVerdict, trial: boolean): void {
    if (trial) this.trialRunning = false;
    if (verdict === "neutral") return;
    if (verdict === "success") {
      if (trial) {
        this.openedAt = undefined;
        this.recent.length = 0;
      }
      return;
    }
    const now = this.now();
    if (trial) {
      this.openedAt = now;
      return;
    }
    const recent = this.recent;
    recent.push(now);
    while (recent.length > 0 && (recent[0] as number) <= now - this.settings.windowMs) recent.shift();
    if (recent.length > this.settings.failures) recent.shift();
    if (this.openedAt === undefined && recent.length >= this.settings.failures) this.openedAt = now;
  }
}
