import type { OutcomeCode } from "../tool/call.js";

/** Calls per tool that `stats()` covers: the most recent ones, older calls fall out of the window. */
const STATS_WINDOW_CALLS: number = 1_000;

/** One tool's figures over its last STATS_WINDOW_CALLS calls (every surface: scripts and host calls). */
export interface ToolStats {
  /** Calls in the window. */
  calls: number;
  /** Calls in the window that did not end `"ok"` (denied, invalid params, timeouts, failures, ...). */
  errors: number;
  /** errors / calls (0 when there were none). */
  errorRate: number;
  /** Latency percentiles in ms, measured on the host from dispatch to outcome (nearest-rank). */
  latencyMs: { p50: number; p90: number; p99: number };
  /** Calls in the window by how they ended. */
  byOutcome: Partial<Record<OutcomeCode, number>>;
  /** Callbacks that settled after their call had already ended at its deadline (since the tool was registered). */
  lateResults: number;
}

class ToolWindow {
  readonly durations: Float64Array = new Float64Array(STATS_WINDOW_CALLS);
  readonly outcomes: OutcomeCode[] = [];
  next = 0;
  count = 0;
  late = 0;

  add(outcome: OutcomeCode, durationMs: number): void {
    this.durations[this.next] = durationMs;
    this.outcomes[this.next] = outcome;
    this.next = (this.next + 1) % STATS_WINDOW_CALLS;
    if (this.count < STATS_WINDOW_CALLS) this.count++;
  }

  snapshot(): ToolStats {
    const sorted = this.durations.slice(0, this.count).sort();
    const byOutcome: Partial<Record<OutcomeCode, number>> = {};
    let errors = 0;
    for (let index = 0; index < this.count; index++) {
      const outcome = this.outcomes[index] as OutcomeCode;
      byOutcome[outcome] = (byOutcome[outcome] ?? 0) + 1;
      if (outcome !== "ok") errors++;
    }
    const rank = (p: number) =>
      this.count === 0 ? 0 : (sorted[Math.min(this.count - 1, Math.ceil(p * this.count) - 1)] as number);
    return {
      calls: this.count,
      errors,
      errorRate: this.count === 0 ? 0 : errors / this.count,
      latencyMs: { p50: rank(0.5), p90: rank(0.9), p99: rank(0.99) },
      byOutcome,
      lateResults: this.late,
    };
  }
}

/** Per-tool call figures of one ScriptedTool, in bounded memory (a fixed ring per registered tool). */
export class CallStats {
  private readonly tools = new Map<string, ToolWindow>();

  private window(name: string): ToolWindow {
    let window = this.tools.get(name);
    if (!window) {
      window = new ToolWindow();
      this.tools.set(name, window);
    }
    return window;
  }

  add(name: string, outcome: OutcomeCode, durationMs: number): void {
    this.window(name).add(outcome, durationMs);
  }

  late(name: string): void {
    this.window(name).late++;
  }

  forget(name: string): void {
    this.tools.delete(name);
  }

  snapshot(): Record<string, ToolStats> {
    const out: Record<string, ToolStats> = {};
    for (const [name, window] of this.tools) out[name] = window.snapshot();
    return out;
  }
}
