/** What a call brings to the registry and what it gets back, for every surface. */
import type { Issue } from "../issues/issue.js";
import type { CallOutcome } from "../tool/call.js";
import type { CallRecord } from "../trace/trace.js";
import type { PlanRecorder } from "./plan.js";
import type { SpanLike } from "./telemetry.js";

/** Receives one record per call, from every surface; what it throws or rejects with is ignored. */
export type OnCall = (record: CallRecord) => unknown;

/**
 * What every call of one run shares, built once per run (and once per `api.call()`, a run of one call) and
 * passed to each of its calls by reference.
 */
export interface RunCallContext {
  /** The run's signal: aborted on cancel or deadline. */
  readonly signal: AbortSignal;
  /** Epoch ms at which the run ends. */
  readonly runDeadline: number;
  readonly context: unknown;
  readonly tenant: string | undefined;
  readonly sanitizeErrors: boolean;
  /** Plan mode: calls of tools that are not read-only are recorded here instead of run. */
  readonly plan?: PlanRecorder;
  /** The run's span, when telemetry records it: each call's span is its child. */
  readonly span?: SpanLike;
  /** The run's own hook, called after the ScriptedTool's. */
  readonly onCall?: OnCall;
  /** Where the run collects its calls' records by call id (which tools ran, for the untrusted fence; how many). */
  readonly records?: Map<string, CallRecord>;
}

/** What one call brings besides its tool's name and its params: its own id and its stdin. */
export interface CallInput {
  readonly callId: string;
  readonly stdin: string | undefined;
}

/** One call on its way through the registry's stages: its record so far, its stdin, its run, and its span. */
export interface CallInFlight {
  /** The call's record, completed by the record stage; it holds the call's id, name and surface. */
  readonly record: CallRecord;
  readonly started: number;
  readonly stdin: string | undefined;
  readonly run: RunCallContext;
  /** The call's span, once the params stage started it. */
  span: SpanLike | undefined;
}

/** One dispatched call: its outcome (the shell gets its stdout, stderr and exit code), the callback's value, and its record. */
export interface Dispatched {
  outcome: CallOutcome;
  value?: unknown;
  /** The params' problems, when a host call's params were invalid. */
  issues?: Issue[];
  record: CallRecord;
}
