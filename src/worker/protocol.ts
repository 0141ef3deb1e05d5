/**
 * The messages between the caller's thread and a shell worker, in one leaf module both sides import.
 * One message each way per tool call; everything else travels once per run.
 */

import type { CallOutcome, CallRequest } from "../tool/call.js";
import type { ToolSpec } from "../tool/tool.js";
import type { ShellTraceStep } from "../trace/trace.js";

/** Per-run limits, resolved on the caller's side. */
export interface RunLimits {
  maxToolCalls: number;
  maxOutputBytes: number;
  maxLoopIterations: number;
  maxCommands: number;
  maxTraceEntries: number;
  /** Tool calls in flight at once. */
  maxConcurrency: number;
  /** Bytes of tool output kept for `out`. */
  maxKeptOutputBytes: number;
}

/** What execute() asks of a run, before it has a deadline (the run's clock gives it one). */
export interface ScriptOrder {
  script: string;
  env: Record<string, string>;
  limits: RunLimits;
  /** The run's wall-time budget, for messages. */
  timeoutMs: number;
  sanitizeErrors: boolean;
  /** The run's scratch space: an in-memory /tmp of at most this many bytes (absent: no filesystem, TM-FS-002). */
  scratch?: { maxBytes: number };
}

/** A run as the shell gets it: the order and its deadline. */
export interface ScriptRequest extends ScriptOrder {
  /** Epoch ms at which the run must stop: read once from the run's clock as the run is handed to the shell. */
  deadline: number;
}

/**
 * A call's answer as the shell gets it: what the pipe reads and the status. Every other fact of the call (its
 * outcome code, decision, output issues, bytes, attempts) stays with the host, which makes the call's trace entry.
 */
export type CallAnswer = Pick<CallOutcome, "stdout" | "stderr" | "exitCode" | "binary">;

export interface ScriptResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /**
   * The run's trace as the shell saw it, in order: the entries of the commands the host never saw, and the call
   * ids of the calls it answered (the host holds their entries and merges them in, ADR 0034).
   */
  trace: ShellTraceStep[];
  /** True when stdout or stderr were cut at the output limit. */
  truncated: boolean;
  /** Trace steps past the trace limit that were not kept. */
  traceDropped: number;
  /** Calls the shell refused for invalid params (they never reached the host), for the host's records. */
  rejected?: RejectedCall[];
}

/** A call whose flags or params failed inside the shell: its callback never ran and the host never saw it. */
export interface RejectedCall {
  callId: string;
  name: string;
  durationMs: number;
  /** UTF-8 bytes of the params' JSON (as far as they were parsed) plus piped stdin. */
  bytesIn: number;
}

/**
 * TM-DOS-002: what a worker tells the host when a message was lost on its side: one from the host it could not
 * read, or one of its own it could not send. The run then ends at once and the worker is replaced, instead of the
 * run waiting until its deadline for a message that never comes.
 */
export interface LostMessage {
  type: "lost";
  /** `read`: a message from the host could not be deserialized here; `sent`: one of the worker's could not be serialized. */
  failed: "read" | "sent";
  /** The serializer's error message. */
  reason: string;
}

export type ToHost =
  | { type: "ready" }
  | LostMessage
  /** `slot`: the worker spins for the answer on its reply channel (spin-channel.ts) armed with this number. */
  | { type: "call"; runId: number; call: CallRequest; slot?: number }
  /** `retire`: the worker's heap passed its cap, or stayed large after the run; the host replaces it (TM-MEM-005). */
  | { type: "done"; runId: number; result: ScriptResult; retire?: boolean }
  | { type: "failed"; runId: number; message: string; retire?: boolean };

export type ToWorker =
  /** `spin`: the run may spin and watch for messages (0010); false when the threads would share a core. */
  | {
      type: "run";
      runId: number;
      request: ScriptRequest;
      catalogId: number;
      tools?: ToolSpec[];
      spin: boolean;
    }
  | { type: "result"; runId: number; callId: string; answer: CallAnswer }
  | { type: "abort"; runId: number; reason: "timeout" | "abort" };
