import type { RateLimitSettings } from "./store.js";

/** A sliding-window count of one tool's calls: a ring of the last `calls` start times. */
export class RateLimiter {
  private readonly starts: Float64Array;
  private next = 0;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.starts = new Float64Array(settings.calls).fill(Number.NEGATIVE_INFINITY);
  }

  /** Whether these are the settings it counts by (a tool registered again may change them). */
  sameAs(settings: RateLimitSettings): boolean {
    return settings.calls === this.settings.calls && settings.perMs === this.settings.perMs;
  }

  /** Whether one more call fits in the window now (without counting it). */
  allows(): boolean {
    return (this.starts[this.next] as number) <= this.now() - this.settings.perMs;
  }

  /** How long until one more call fits, in ms (0 when one does now). */
  retryAfterMs(): number {
    return Math.max(0, (this.starts[this.next] as number) + this.settings.perMs - this.now());
  }

  /** Counts a call that starts now. */
  take(): void {
    this.starts[this.next] = this.now();
    this.next = (this.next + 1) % this.starts.length;
  }
}
