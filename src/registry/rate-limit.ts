import type { CallOutcome } from "../tool/call.js";
import type { RateLimitOptions } from "../tool/resilience.js";
import { TEMPORARY_FAILURE_EXIT } from "./breaker.js";
import { failed } from "./render.js";

/** A sliding-window count of one tool's calls: a ring of the last `calls` start times. */
export class RateLimiter {
  private readonly starts: Float64Array;
  private next = 0;

  constructor(
    private readonly settings: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.starts = new Float64Array(settings.calls).fill(Number.NEGATIVE_INFINITY);
  }

  /** Whether one more call fits in the window now (without counting it). */
  allows(): boolean {
    return (this.starts[this.next] as number) <= this.now() - this.settings.perMs;
  }

  /** Counts a call that starts now. */
  take(): void {
    this.starts[this.next] = this.now();
    this.next = (this.next + 1) % this.starts.length;
  }

  /** The refusal's words. */
  describe(): string {
    return `at most ${this.settings.calls} calls per ${this.settings.perMs} ms`;
  }
}

/** A call over its tool's rate limit. */
export function rateLimited(name: string, limiter: RateLimiter): { outcome: CallOutcome } {
  const message = `${name}: rate limited (${limiter.describe()}); try again later\n`;
  return { outcome: failed("rate_limited", message, TEMPORARY_FAILURE_EXIT) };
}
