/**
 * The host's side of one run's tool calls: the per-run call context, built once; each call dispatched through
 * the one guarded layer; and each call's trace entry, made here from the request and the registry's record as the
 * call ends (ADR 0034). The shell gets `{stdout, stderr, exitCode}` and reports only what the host never sees.
 */
import type { Dispatched, RunCallContext } from "../registry/request.js";
import type { CallRequest } from "../tool/call.js";
import { mergeTrace, type TraceEntry, TraceRecorder, truncatedEntries } from "../trace/trace.js";
import type { CallAnswer, ScriptResult } from "../worker/protocol.js";
import { guardedDispatch } from "./guarded-dispatch.js";
import type { ExecuteResult } from "./result.js";
import type { RunClock } from "./run-clock.js";
import type { RunSetup } from "./supervise.js";

/** A run's result on the caller's side: the trace is whole, and the calls the shell refused are listed. */
export type HostRunResult = ExecuteResult & Pick<ScriptResult, "rejected">;

/** A call's trace entry: the script's words (the request) and the facts the registry recorded of it. */
function callEntry(call: CallRequest, dispatched: Dispatched): TraceEntry {
  const { outcome, record } = dispatched;
  return {
    name: call.name,
    kind: "tool",
    argv: call.argv,
    params: call.params,
    exitCode: outcome.exitCode,
    durationMs: record.durationMs,
    callId: call.callId,
    ...(outcome.outputIssues ? { outputIssues: outcome.outputIssues } : {}),
    ...(record.decision ? { decision: record.decision } : {}),
    ...(record.planned ? { planned: true as const } : {}),
    ...(record.tenant !== undefined ? { tenant: record.tenant } : {}),
    outcome: record.outcome,
    bytesIn: record.bytesIn,
    bytesOut: record.bytesOut,
    attempts: record.attempts,
    ...(record.injectionFlags ? { injectionFlags: record.injectionFlags } : {}),
    ...(record.deprecated !== undefined ? { deprecated: record.deprecated } : {}),
    ...(record.abandoned ? { abandoned: true as const } : {}),
  };
}

/** One run's tool calls as the host answers and records them. */
export class RunCalls {
  /** The calls this thread answered, in the order they ended, bounded like the shell's own trace (TM-MEM-003). */
  readonly trace: TraceRecorder;
  /** The same entries by call id, for the merge. */
  private readonly answered = new Map<string, TraceEntry>();
  private run: RunCallContext | undefined;

  constructor(
    private readonly setup: RunSetup,
    private readonly clock: RunClock,
  ) {
    this.trace = new TraceRecorder(setup.order.limits.maxTraceEntries);
  }

  /**
   * What every call of the run shares, built at its first call: by then the clock's deadline is final (a worker's
   * start can move it only before the run is handed over).
   */
  private context(): RunCallContext {
    const { setup, clock } = this;
    this.run ??= {
      signal: clock.controller.signal,
      runDeadline: clock.deadline,
      context: setup.context,
      tenant: setup.tenant,
      sanitizeErrors: setup.order.sanitizeErrors,
      plan: setup.plan,
      span: setup.span,
      onCall: setup.onCall,
      records: setup.records,
    };
    return this.run;
  }

  /** One call of the script: never rejects (guardedDispatch); its entry is recorded before the shell is answered. */
  async answer(call: CallRequest): Promise<CallAnswer> {
    // The shell's request is the call's own input (its id and stdin); the run's context is shared by reference.
    const dispatched = await guardedDispatch(
      this.setup.registry,
      call.name,
      call.params,
      call,
      this.context(),
      "shell",
    );
    const kept = this.trace.record(callEntry(call, dispatched));
    if (kept) this.answered.set(call.callId, kept);
    const { stdout, stderr, exitCode, binary } = dispatched.outcome;
    return binary ? { stdout, stderr, exitCode, binary } : { stdout, stderr, exitCode };
  }

  /** The shell's result with its trace whole: the shell's steps, each call id replaced by the host's entry. */
  merged(result: ScriptResult): HostRunResult {
    const { trace: steps, traceDropped, ...rest } = result;
    const { entries, missing } = mergeTrace(steps, this.answered, this.setup.tenant);
    return withTruncated({ ...rest, trace: entries, traceDropped: traceDropped + missing });
  }
}

/** The result, with `traceTruncated` when some entries had argv or params cut. */
export function withTruncated(result: HostRunResult): HostRunResult {
  const traceTruncated = truncatedEntries(result.trace);
  return traceTruncated > 0 ? { ...result, traceTruncated } : result;
}
