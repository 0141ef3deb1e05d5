import type { PlannedCall } from "../registry/plan.js";
import type { TraceEntry } from "../trace/trace.js";

/** What a run produced. */
export interface ExecuteResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  trace: TraceEntry[];
  /** True when stdout or stderr was cut at maxOutputBytes (a marker line says so). */
  truncated: boolean;
  /** Entries past the first 1,000 that the trace did not keep. */
  traceDropped: number;
  /**
   * Entries whose argv or params were cut to the trace's byte budget (each such entry has `truncated`); absent
   * when none was.
   */
  traceTruncated?: number;
  /**
   * In plan mode: the calls of tools that are not read-only, in order, which did not run; their params are cut
   * like the trace's past its byte budget (see PlannedCall).
   */
  plannedCalls?: PlannedCall[];
  /**
   * Set when the run called a `trust: "untrusted"` tool: stdout and stderr are then each delimited by
   * `<<untrusted-output nonce=N>>` ... `<<end-untrusted-output nonce=N>>` with this run's nonce.
   */
  untrusted?: { nonce: string; tools: string[] };
}

/** A run that never started (a bad request, an abort before it began, no worker free): no output, `stderr` saying why. */
export function failedRun(stderr: string, exitCode: number): ExecuteResult {
  return { stdout: "", stderr, exitCode, trace: [], truncated: false, traceDropped: 0 };
}
