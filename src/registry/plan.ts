/**
 * Plan mode's record of the calls it did not run (ExecuteResult.plannedCalls).
 * TM-MEM-003: bounded in bytes like the trace, with a budget of its own: each call keeps at most
 * MAX_TRACE_ARGS_BYTES of its params' JSON and the run's calls MAX_TRACE_BYTES in all, cut at the trace's markers
 * (up to 1,000 calls of 64 KiB flags, or of 1 MiB of piped params, were all kept whole).
 */

import { ByteBudget } from "../trace/trace.js";
import type { PlannedCall } from "./registry.js";

export class PlanRecorder {
  readonly calls: PlannedCall[] = [];
  private readonly budget = new ByteBudget();

  record(name: string, params: Record<string, unknown>, callId: string): void {
    const bounded = this.budget.params(params);
    const call: PlannedCall = { name, params: bounded.params ?? {}, callId };
    if (bounded.total !== undefined) call.truncated = { paramsBytes: bounded.total };
    this.calls.push(call);
  }
}
