/**
 * Plan mode's record of the calls it did not run (ExecuteResult.plannedCalls).
 * TM-MEM-003: bounded in bytes like the trace, with a budget of its own: each call keeps at most
 * MAX_TRACE_ARGS_BYTES of its params' JSON and the run's calls MAX_TRACE_BYTES in all, cut at the trace's markers
 * (up to 1,000 calls of 64 KiB flags, or of 1 MiB of piped params, were all kept whole).
 */

import type { CallOutcome } from "../tool/call.js";
import { ByteBudget, type CallRecord } from "../trace/trace.js";

/** A call plan mode recorded instead of running it (its params were validated). */
export interface PlannedCall {
  name: string;
  /**
   * The call's params, cut like the trace's past its byte budget (4 KiB of JSON per call, 1 MiB per run): a string
   * value keeps its head and a `[toolshell: N bytes cut]` marker, any other value becomes
   * `[toolshell: N bytes of JSON cut]`, keys past the budget are left out (`{}` once the run's budget is spent).
   */
  params: Record<string, unknown>;
  callId: string;
  /** Set when params were cut: the UTF-8 bytes of their whole JSON. */
  truncated?: { paramsBytes: number };
}

/** The calls plan mode answered with a placeholder, in order. */
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

/** Plan mode's stage: a call of a tool that is not read-only is recorded in the plan and answered with a placeholder. */
export function planned(
  name: string,
  params: Record<string, unknown>,
  plan: PlanRecorder,
  record: CallRecord,
): { outcome: CallOutcome } {
  plan.record(name, params, record.callId);
  const placeholder = JSON.stringify({ planned: true, tool: name, callId: record.callId });
  record.planned = true;
  return { outcome: { stdout: `${placeholder}\n`, stderr: "", exitCode: 0, code: "ok" } };
}
