/** What a call brings to the registry and what it gets back, for every surface. */
import type { Issue } from "../issues/issue.js";
import type { CallOutcome } from "../tool/call.js";
import type { CallRecord } from "../trace/trace.js";
import type { PlanRecorder } from "./plan.js";
import type { SpanLike } from "./telemetry.js";

/** Receives one record per call, from every surface; what it throws or rejects with is ignored. */
export type OnCall = (record: CallRecord) => unknown;

/** What a host-side call needs besides the tool and its params. */
export interface CallRequestContext {
  callId: string;
  stdin: string | undefined;
  /** The run's signal: aborted on cancel or deadline. */
  signal: AbortSignal;
  /** Epoch ms at which the run ends. */
  runDeadline: number;
  context: unknown;
  tenant: string | undefined;
  sanitizeErrors: boolean;
  /** Plan mode: calls of tools that are not read-only are recorded here instead of run. */
  plan?: PlanRecorder;
  /** The run's span, when telemetry records it: each call's span is its child. */
  span?: SpanLike;
  /** The run's own hook, called after the ScriptedTool's. */
  onCall?: OnCall;
  /** Where the run collects its calls' records by call id (to complete its trace). */
  records?: Map<string, CallRecord>;
}

/** One dispatched call: the outcome as the shell sees it, the callback's value, and the call's record. */
export interface Dispatched {
  outcome: CallOutcome;
  value?: unknown;
  /** The params' problems, when a host call's params were invalid. */
  issues?: Issue[];
  record: CallRecord;
}
