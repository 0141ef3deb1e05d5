/** A call's record: made when the call starts, and handed to the onCall hooks when it ends. */
import type { CallRecord } from "../trace/trace.js";
import type { PolicyCall } from "./policy.js";
import { failed } from "./render.js";
import type { CallInput, Dispatched, OnCall, RunCallContext } from "./request.js";

/** A call's record before any stage ran: outcome "ok" until a stage says otherwise. */
export function newRecord(
  name: string,
  call: CallInput,
  run: RunCallContext,
  surface: PolicyCall["surface"],
): CallRecord {
  return {
    callId: call.callId,
    name,
    surface,
    tenant: run.tenant,
    outcome: "ok",
    exitCode: 0,
    durationMs: 0,
    bytesIn: 0,
    bytesOut: 0,
    attempts: 0,
  };
}

/** Calls each hook with the record; a hook that throws or rejects never affects the call or the run. */
export function emit(record: CallRecord, first: OnCall | undefined, second: OnCall | undefined): void {
  for (const hook of [first, second]) {
    if (hook === undefined) continue;
    try {
      const returned = hook(record) as { then?: unknown } | undefined;
      if (returned && typeof returned.then === "function") {
        (returned as Promise<unknown>).then(undefined, () => {});
      }
    } catch {
      // a hook's failure is the host's own; the run goes on
    }
  }
}

/**
 * A call that failed inside toolshell itself (a value no stage anticipated made one throw): the last guard of the
 * promise that a call never rejects, so nothing escapes into the event loop.
 */
export function internalError(
  name: string,
  call: CallInput,
  run: RunCallContext,
  surface: PolicyCall["surface"],
): Dispatched {
  const outcome = failed("handler_failed", `${name}: the call failed inside toolshell\n`, 1);
  const record: CallRecord = {
    ...newRecord(name, call, run, surface),
    outcome: "handler_failed",
    exitCode: 1,
  };
  return { outcome, record };
}
