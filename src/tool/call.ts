/**
 * One tool call as every layer sees it: what the shell (or host code) asks for, and what it gets back. The
 * registry answers every request with an outcome; the codes say which stage ended the call.
 */

/** Why a call did not produce a value: one code per stage of the registry that can stop a call. */
export type CallErrorCode =
  | "not_found"
  | "invalid_params"
  | "payload_too_large"
  | "denied"
  | "rate_limited"
  | "circuit_open"
  | "timeout"
  | "cancelled"
  | "handler_failed"
  | "invalid_output";

/** How a call ended: `"ok"` or the error code. */
export type OutcomeCode = "ok" | CallErrorCode;

/** How a call ended, as the registry gives it (the shell gets only its stdout, stderr and exit code). */
export interface CallOutcome {
  stdout: string;
  stderr: string;
  exitCode: number;
  /**
   * True when `stdout` is bytes, one character per byte (latin1): the callback returned a Buffer, a Uint8Array or
   * another view of binary data, which is written as it is.
   */
  binary?: true;
  /** How the returned value fails the tool's outputSchema, one short line each (absent when it matches). */
  outputIssues?: string[];
  /** How the call ended, set by the registry on every outcome it gives (exit codes are not guessed from). */
  code?: OutcomeCode;
}

export interface CallRequest {
  name: string;
  /** The words the script passed, for the trace. */
  argv: string[];
  params: Record<string, unknown>;
  stdin: string | undefined;
  callId: string;
}
