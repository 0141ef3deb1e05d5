/**
 * A call's deadline: the call's own signal (the run's, or sooner at the tool's timeoutMs), the race of an outcome
 * against it, and the outcome of a call it cut short.
 */
import { signalReason } from "../stop-reason.js";
import type { CallOutcome } from "../tool/call.js";
import { failed } from "./render.js";
import type { RunCallContext } from "./request.js";

/** The outcome the shell sees for a call cut short by the run's end. */
export function abortedOutcome(name: string, signal: AbortSignal, timeoutMs?: number): CallOutcome {
  const timedOut = signalReason(signal) === "timeout";
  const after = timeoutMs === undefined ? "" : ` after ${timeoutMs} ms`;
  return timedOut
    ? failed("timeout", `${name}: timed out${after}\n`, 124)
    : failed("cancelled", `${name}: aborted\n`, 130);
}

/** Settles with the call, or with an aborted outcome as soon as the run's signal aborts, whichever is first. */
export function raceAbort(
  name: string,
  call: Promise<CallOutcome>,
  signal: AbortSignal,
  timeoutMs?: number,
): Promise<CallOutcome> {
  return beforeAbort(call, signal).then((outcome) => outcome ?? abortedOutcome(name, signal, timeoutMs));
}

/**
 * Settles as `pending` does, or with undefined as soon as the signal aborts, whichever is first: what the host
 * awaits of user code (a callback, a schema's async parse) never outlives its call.
 */
export function beforeAbort<T>(pending: PromiseLike<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const stop = () => resolve(undefined);
    signal.addEventListener("abort", stop, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener("abort", stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", stop);
        reject(error);
      },
    );
  });
}

/** Waits `ms` unless the signal aborts first; true when the wait ran its course. */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ran: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(ran);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

const nothing = (): void => {};

/** The call's own signal: the run's, or aborted sooner at the tool's timeoutMs. */
export function callLimit(
  timeoutMs: number | undefined,
  run: RunCallContext,
): { signal: AbortSignal; deadline: number; dispose: () => void } {
  const ownDeadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
  if (ownDeadline >= run.runDeadline) {
    return { signal: run.signal, deadline: run.runDeadline, dispose: nothing };
  }
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(run.signal.reason);
  run.signal.addEventListener("abort", onRunAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException("timed out", "TimeoutError")),
    ownDeadline - Date.now(),
  );
  return {
    signal: controller.signal,
    deadline: ownDeadline,
    dispose: () => {
      clearTimeout(timer);
      run.signal.removeEventListener("abort", onRunAbort);
    },
  };
}
