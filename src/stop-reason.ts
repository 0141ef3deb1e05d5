/** Why a run or a call was stopped before it finished: its deadline passed, or it was aborted. */

/** Why a run was stopped before it finished. */
export type StopReason = "timeout" | "abort";

/**
 * Why an aborted signal stopped a run or a call: the clocks of runs and calls abort with a TimeoutError when
 * their deadline passes (a timer may fire a moment before `Date.now()` reaches it), anything else is an abort.
 */
export function signalReason(signal: AbortSignal): StopReason {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === "TimeoutError" ? "timeout" : "abort";
}
